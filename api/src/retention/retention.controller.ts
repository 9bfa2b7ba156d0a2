import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { RetentionDryRunResponse, RetentionSettingsResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ApiAnswer } from '../openapi/api-doc.decorators';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { UpdateRetentionDto } from './dto/retention.dto';
import { RetentionService } from './retention.service';

@Roles('admin')
@Controller('admin/retention')
export class RetentionController {
  constructor(private readonly retention: RetentionService) {}

  @Get()
  @ApiOperation({ summary: 'How long each kind of record is kept' })
  @ApiAnswer('RetentionSettingsResponse')
  settings(): Promise<RetentionSettingsResponse> {
    return this.retention.settings();
  }

  @Put()
  @ApiOperation({ summary: 'Change retention periods (audited)' })
  @ApiAnswer('RetentionSettingsResponse')
  update(@CurrentUser() me: AuthUser, @Body() dto: UpdateRetentionDto): Promise<RetentionSettingsResponse> {
    changesNoKeptRead();
    return this.retention.update(me, dto.periods);
  }

  @Get('dry-run')
  @ApiOperation({ summary: 'How many records of each kind the purge would delete now' })
  @ApiAnswer('RetentionDryRunResponse')
  dryRun(): Promise<RetentionDryRunResponse> {
    return this.retention.dryRun();
  }
}
