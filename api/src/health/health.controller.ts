import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../common/decorators';
import { CommonException } from '../common/domain.exception';

@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Public()
  @Get()
  async check(): Promise<{ status: 'ok'; database: { type: string; status: 'up' } }> {
    try {
      await this.db.query('SELECT 1');
    } catch {
      throw CommonException.databaseUnavailable();
    }
    return { status: 'ok', database: { type: this.db.options.type, status: 'up' } };
  }
}
