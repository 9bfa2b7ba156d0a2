import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { RemotesOverviewResponse } from '@portal/contracts';
import { Roles } from '../common/decorators';
import { ApiAnswer } from '../openapi/api-doc.decorators';
import { RemotesAdmin } from './remotes-admin';

/** The admin's Deployments page: read only (deployments are made with `npm run remotes`, where the builds are). */
@Controller('admin/remotes')
@Roles('admin')
export class RemotesController {
  constructor(private readonly remotes: RemotesAdmin) {}

  @Get()
  @ApiOperation({ summary: "Each remote's entry in force, its build and its latest deployments" })
  @ApiAnswer('RemotesOverviewResponse')
  overview(): Promise<RemotesOverviewResponse> {
    return this.remotes.overview();
  }
}
