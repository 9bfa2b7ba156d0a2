import 'reflect-metadata';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import type { RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { TOTAL_COUNT_HEADER } from '@portal/contracts';
import { AppModule } from './app.module';
import { useJsonBodyParser } from './common/json-body';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { ApiValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './config/app-config';
import { requestId } from './observability/logging';
import { MetricsService } from './observability/metrics.service';
import { withoutStartupListing } from './observability/portal-logger';
import { setupApiDocs } from './openapi/openapi';
import { invalidateReadCacheOnWrites } from './read-cache/read-cache.hook';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { applySecurityHeaders } from './web/security';
import { serveWeb } from './web/web';

/** Builds the whole application (used by main.ts and by the end-to-end tests alike). */
export async function createApp(
  config: AppConfig,
  opts: {
    logStream?: DestinationStream;
    /** Told of every route registered from here on (the tests' checks that cover every route). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<NestFastifyApplication> {
  const bodyLimit = 1024 * 1024;
  const adapter = new FastifyAdapter({
    bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: requestId,
    requestIdHeader: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, opts.logStream), adapter, {
    bufferLogs: true,
  });
  if (opts.onRoute) app.getHttpAdapter().getInstance().addHook('onRoute', opts.onRoute);
  // Nest's own messages (start-up, errors) go through pino too: one format for everything the process writes.
  app.useLogger(withoutStartupListing(app.get(Logger)));
  const metrics = app.get(MetricsService);
  const fastify = app.getHttpAdapter().getInstance();
  // The request id a caller or proxy sent (or a new one) comes back with the answer, to match it with the log line.
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  fastify.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  useJsonBodyParser(app, bodyLimit);
  invalidateReadCacheOnWrites(app);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ApiValidationPipe());
  if (config.redisUrl) {
    const io = new RedisIoAdapter(app, config.redisUrl, config.timeouts.redisMs);
    // Waits for the first attempt only (REDIS_TIMEOUT_MS at most): an instance starts, and serves, while Redis is down.
    await io.connect();
    app.useWebSocketAdapter(io);
  }
  // A list's total travels in a header (contracts: paging.ts): readable by a caller on another origin too.
  if (config.corsOrigins.length)
    app.enableCors({ origin: config.corsOrigins, credentials: false, exposedHeaders: [TOTAL_COUNT_HEADER] });
  // gzip/brotli for the web app and API answers: the shared libraries are large, and schools' networks are not.
  await app.register(compress as never, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart as never, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  // The provider sign-in's HttpOnly cookie (auth/oidc); the API's own calls carry bearer tokens, never cookies.
  await app.register(cookie as never);
  await applySecurityHeaders(app, config);
  setupApiDocs(app);
  await serveWeb(app, config);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  return app;
}
