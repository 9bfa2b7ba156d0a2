import { Controller, Get, Inject, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
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
import { redisOptions } from '../config/redis-options';

/** The health check answers within this time, 503 when the database has not answered by then. */
export const HEALTH_BUDGET_MS = 1500;

/**
 * Liveness (`/api/health`: the process answers and reaches its database) and readiness (`/api/health/ready`: also
 * Redis when configured, and no migration pending), for a load balancer to send traffic only to ready instances.
 */
@Controller('health')
export class HealthController implements OnModuleInit, OnModuleDestroy {
  private redis?: ReturnType<typeof createClient>;

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
  @ApiOperation({ summary: 'Readiness: database, Redis (when configured) and migrations' })
  @ApiAnswer('ReadinessReport')
  @ApiErrors(ErrorCode.NotReady)
  async ready(): Promise<ReadinessReport> {
    const failures: string[] = [];
    const within = <T>(what: string, p: Promise<T>) =>
      withTimeout(p, HEALTH_BUDGET_MS, () => new Error(`no answer within ${HEALTH_BUDGET_MS} ms`)).catch((e: Error) => {
        failures.push(`${what}: ${e.message}`);
        return undefined;
      });
    const [, pending] = await Promise.all([
      within('database', this.db.query('SELECT 1')),
      this.db.options.migrationsRun ? within('migrations', this.db.showMigrations()) : Promise.resolve(false),
      this.config.redisUrl ? within('redis', this.pingRedis()) : undefined,
    ]);
    if (pending === true) failures.push('migrations: some have not run');
    if (failures.length) throw CommonException.notReady(failures);
    return {
      status: 'ready',
      checks: {
        database: 'up',
        redis: this.config.redisUrl ? 'up' : 'not configured',
        migrations: this.db.options.migrationsRun ? 'applied' : 'not used',
      },
    };
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.redisUrl) return;
    this.redis = createClient(redisOptions(this.config.redisUrl, this.config.timeouts.redisMs));
    // Failures are reported by the probe that meets them; the client reconnects by itself.
    this.redis.on('error', () => undefined);
    await withTimeout(this.redis.connect(), HEALTH_BUDGET_MS, () => new Error('timeout')).catch(() => undefined);
  }

  private async pingRedis(): Promise<void> {
    if (!this.redis?.isReady) throw new Error('not connected');
    await this.redis.ping();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.redis?.isOpen) this.redis.destroy();
  }
}
