import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { createApp } from './create-app';
import { Clock } from './dates/clock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './database/seed/demo-seed';

/**
 * Nothing a request, a socket event or a background job leaves unhandled ends the process: it is logged (through the
 * app's pino logger once the app is built) and the portal keeps serving the others.
 */
function keepRunning(): void {
  const logger = new Logger('Process');
  const stack = (e: unknown) => (e instanceof Error ? e.stack : undefined);
  process.on('unhandledRejection', (reason) =>
    logger.error(`Unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`, stack(reason)),
  );
  process.on('uncaughtException', (e) => logger.error(`Uncaught exception: ${e.message}`, stack(e)));
}

/**
 * SIGTERM (a rolling restart) or SIGINT: take no new connection from now on (idle keep-alive connections close at once;
 * a busy one after its current answer, as fastify answers what arrives while closing with 503 and Connection: close),
 * let Nest's shutdown hooks finish the work in flight (the outbox's running jobs), and exit within SHUTDOWN_TIMEOUT_MS
 * whatever is left: a job still running then is not confirmed, and its lease lets another instance run it later.
 */
function stopGracefully(app: NestFastifyApplication, timeoutMs: number): void {
  const logger = new Logger('Shutdown');
  const stop = (signal: NodeJS.Signals) => {
    logger.log(`${signal}: finishing the work in flight (at most ${timeoutMs} ms)`);
    const deadline = setTimeout(() => {
      logger.warn('shutdown deadline reached: exiting with work unconfirmed (it is retried later)');
      (app.getHttpServer() as Server).closeAllConnections();
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    void app
      .getHttpAdapter()
      .getInstance()
      .close()
      .catch((e: Error) => logger.warn(`closing the HTTP server: ${e.message}`));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function main(): Promise<void> {
  keepRunning();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await createApp(config);
  if (config.seedDemo) {
    const seeded = await seedDemo(app.get(DataSource), app.get(Clock).now(), config.schoolTimezone);
    if (seeded) console.log('Demo data created.');
  }
  stopGracefully(app, config.shutdownTimeoutMs);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  console.log(`\nMentor portal running at ${url}  (database: ${config.database.type})`);
  if (config.seedDemo) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) console.log(`  ${role.padEnd(7)} ${email}`);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
