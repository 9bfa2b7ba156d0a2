import { Controller, Get, Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createClient } from 'redis';
import { DataSource } from 'typeorm';
import { ErrorCode, type HealthResponse, type ReadinessReport } from '@portal/contracts';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { Public } from '../common/decorators';
import { CommonException } from '../common/domain.exception';
import { withTimeout } from '../common/with-timeout';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisLink, redisOptions } from '../config/redis-options';

/** The health check answers within this time, 503 when the database has not answered by then. */
export const HEALTH_BUDGET_MS = 1500;

/**
 * Liveness (`/api/health`: the process answers and reaches its database) and readiness (`/api/health/ready`: also no
 * migration pending), for a load balancer to send traffic only to ready instances. Redis (when configured) is reported
 * but not required: without it every instance still serves (degraded), and taking them all out would serve nobody.
 */
@Controller('health')
export class HealthController implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Health');
  private redis?: RedisLink<ReturnType<typeof createClient>>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Liveness: the API answers and the database is up' })
  @ApiAnswer('HealthResponse')
  @ApiErrors(ErrorCode.DatabaseUnavailable)
  async check(): Promise<HealthResponse> {
    try {
      await withTimeout(this.db.query('SELECT 1'), HEALTH_BUDGET_MS, () => CommonException.databaseUnavailable());
    } catch {
      throw CommonException.databaseUnavailable();
    }
    return { status: 'ok', database: { type: this.db.options.type, status: 'up' } };
  }

  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'ReadinessReport: database and migrations; Redis (when configured) up or degraded' })
  @ApiAnswer('ReadinessReport')
  @ApiErrors(ErrorCode.NotReady)
  async ready(): Promise<ReadinessReport> {
    const failures: string[] = [];
    const within = <T>(what: string, p: Promise<T>) =>
      withTimeout(p, HEALTH_BUDGET_MS, () => new Error(`no answer within ${HEALTH_BUDGET_MS} ms`)).catch((e: Error) => {
        failures.push(`${what}: ${e.message}`);
        return undefined;
      });
    const [, pending, redis] = await Promise.all([
      within('database', this.db.query('SELECT 1')),
      this.db.options.migrationsRun ? within('migrations', this.db.showMigrations()) : Promise.resolve(false),
      this.redisCheck(),
    ]);
    if (pending === true) failures.push('migrations: some have not run');
    if (failures.length) throw CommonException.notReady(failures);
    return {
      status: 'ready',
      checks: {
        database: 'up',
        redis,
        migrations: this.db.options.migrationsRun ? 'applied' : 'not used',
      },
    };
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.redisUrl) return;
    const client = createClient(redisOptions(this.config.redisUrl, this.config.timeouts.redisMs));
    this.redis = new RedisLink(client, 'health check', this.logger);
    await this.redis.start(this.config.timeouts.redisMs);
  }

  /** "degraded" when Redis is unreachable or does not answer a PING within REDIS_TIMEOUT_MS (and the budget). */
  private async redisCheck(): Promise<ReadinessReport['checks']['redis']> {
    if (!this.redis) return 'not configured';
    if (!this.redis.up) return 'degraded';
    const ms = Math.min(this.config.timeouts.redisMs, HEALTH_BUDGET_MS);
    return withTimeout(this.redis.client.ping(), ms, () => new Error('timeout')).then(
      () => 'up' as const,
      () => 'degraded' as const,
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis?.close(this.config.timeouts.redisMs);
  }
}
