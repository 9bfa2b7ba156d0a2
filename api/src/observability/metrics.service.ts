import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { withTimeout } from '../common/with-timeout';

/** A route's label: API and socket routes by pattern; a file of the web app (a path with an extension) as `static`. */
export function routeLabel(route: string): string {
  if (/^\/(api|socket\.io)(\/|$)/.test(route)) return route;
  return /\.[a-z0-9]+$/i.test(route) ? 'static' : route;
}

/** A gauge read when Prometheus scrapes: its labelled values, or one value. */
export type GaugeReader = () => Promise<Record<string, number> | number> | Record<string, number> | number;

/**
 * Prometheus metrics (prom-client): request durations by route and status, read-cache hits and misses, the process's
 * own figures (event-loop delay, memory, GC) and gauges other modules register (socket connections, the notification
 * worker's queue). Served on METRICS_PORT, a port of its own so that it is never exposed with the portal; off (0) by
 * default; on 127.0.0.1 unless METRICS_HOST says otherwise, and behind a bearer token when METRICS_TOKEN is set.
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    // From a cached read (~1 ms) to the slowest reports.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly readCacheRequests = new Counter({
    name: 'read_cache_requests_total',
    help: 'Reads the read cache answered: from memory (hit) or computed (miss; READ_CACHE=off counts as miss), by kept read',
    labelNames: ['result', 'read'] as const,
    registers: [this.registry],
  });
  private readonly tokenRows = new Counter({
    name: 'token_check_rows_total',
    help: 'Accounts the token check read: from memory (hit) or from the database (miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private server?: Server;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * One finished request; `route` is the pattern (/api/leaves/:id), never the address (unbounded label values). The web
   * app's files are each a route of their own (one per built file, more with every build): they count as one, `static`.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route: routeLabel(route), status: String(status) }, seconds);
  }

  /** One kept read (src/read-cache) answered from memory or computed. */
  /** `scope`: the entry's scope; the label is its family (mentor-dashboard, attendance-day...), a handful of values. */
  readCache(result: 'hit' | 'miss', scope: string): void {
    this.readCacheRequests.inc({ result, read: scope.split(':')[0] });
  }

  /** One token check's account row (src/users/token-users.cache.ts), kept or read. */
  tokenRow(result: 'hit' | 'miss'): void {
    this.tokenRows.inc({ result });
  }

  /** A gauge computed at scrape time; a reader that fails or hangs (1 s) leaves the gauge out of that scrape. */
  gauge(name: string, help: string, read: GaugeReader, labelName?: string): void {
    this.registry.registerMetric(
      new Gauge({
        name,
        help,
        labelNames: labelName ? [labelName] : [],
        registers: [],
        async collect() {
          const value = await withTimeout(Promise.resolve(read()), 1000, () => new Error(`${name} timed out`));
          this.reset();
          if (typeof value === 'number') this.set(value);
          else for (const [label, v] of Object.entries(value)) this.set({ [labelName!]: label }, v);
        },
      }),
    );
  }

  async text(): Promise<{ contentType: string; body: string }> {
    // Metric by metric: Registry.metrics() fails the whole scrape when one gauge's reader fails or times out (the
    // outbox gauge, when the database pool is exhausted), which is when the other figures matter most.
    const parts = await Promise.all(
      this.registry.getMetricsAsArray().map((m) =>
        this.registry.getSingleMetricAsString(m.name).catch((e: Error) => {
          this.logger.warn(`metrics: ${m.name} left out: ${e.message}`);
          return null;
        }),
      ),
    );
    return { contentType: this.registry.contentType, body: `${parts.filter((p) => p !== null).join('\n\n')}\n` };
  }

  onApplicationBootstrap(): Promise<void> | void {
    if (!this.config.metricsPort) return;
    this.server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      if (!this.authorized(req)) {
        res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"' }).end();
        return;
      }
      this.text().then(
        ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
        (e: Error) => {
          this.logger.error(`metrics: ${e.message}`);
          res.writeHead(500).end();
        },
      );
    });
    const server = this.server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort, this.config.metricsHost, () => resolve());
    });
  }

  /** With METRICS_TOKEN set, only a scrape bearing it (compared in constant time, as hashes of equal length). */
  private authorized(req: IncomingMessage): boolean {
    const token = this.config.metricsToken;
    if (!token) return true;
    const sent = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const digest = (s: string) => createHash('sha256').update(s).digest();
    return timingSafeEqual(digest(sent), digest(token));
  }

  /** The port actually listened on (METRICS_PORT may be taken by the tests as any free port). */
  get port(): number | undefined {
    const addr = this.server?.address();
    return addr && typeof addr === 'object' ? addr.port : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
