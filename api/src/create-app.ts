import 'reflect-metadata';
import { Logger, ValidationPipe, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import type { AppConfig } from './config/app-config';
import { serveWeb } from './web/web';

/** Builds the whole application (used by main.ts and by the end-to-end tests alike). */
export async function createApp(config: AppConfig, opts: { logger?: LogLevel[] | false } = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: 1024 * 1024, trustProxy: process.env.TRUST_PROXY === '1' });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: opts.logger ?? ['error', 'warn'],
  });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  }));
  if (config.corsOrigins.length) app.enableCors({ origin: config.corsOrigins, credentials: false });
  const spaIndex = await serveWeb(app, config);
  app.useGlobalFilters(new AllExceptionsFilter(spaIndex));
  app.enableShutdownHooks();
  return app;
}

export const logger = new Logger('Portal');
