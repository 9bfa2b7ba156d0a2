import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../common/decorators';
import { CommonException } from '../common/domain.exception';
import { withTimeout } from '../common/with-timeout';

/** The health check answers within this time, 503 when the database has not answered by then. */
export const HEALTH_BUDGET_MS = 1500;

@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Public()
  @Get()
  async check(): Promise<{ status: 'ok'; database: { type: string; status: 'up' } }> {
    try {
      await withTimeout(this.db.query('SELECT 1'), HEALTH_BUDGET_MS, () => CommonException.databaseUnavailable());
    } catch {
      throw CommonException.databaseUnavailable();
    }
    return { status: 'ok', database: { type: this.db.options.type, status: 'up' } };
  }
}
