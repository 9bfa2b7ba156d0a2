import type { LoggerService } from '@nestjs/common';

/** Nest's start-up chatter: one line per module and per route (~150 lines) that says nothing an operator needs. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RouterExplorer', 'RoutesResolver', 'WebSocketsController']);

/** The logger without Nest's start-up listing; everything else (warnings and errors included) goes through. */
export function withoutStartupListing(logger: LoggerService): LoggerService {
  return {
    log: (message: unknown, ...params: unknown[]) => {
      const context = params[params.length - 1];
      if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) return;
      logger.log(message, ...params);
    },
    error: (message: unknown, ...params: unknown[]) => logger.error(message, ...params),
    warn: (message: unknown, ...params: unknown[]) => logger.warn(message, ...params),
    debug: (message: unknown, ...params: unknown[]) => logger.debug?.(message, ...params),
    verbose: (message: unknown, ...params: unknown[]) => logger.verbose?.(message, ...params),
    fatal: (message: unknown, ...params: unknown[]) => logger.fatal?.(message, ...params),
  };
}
