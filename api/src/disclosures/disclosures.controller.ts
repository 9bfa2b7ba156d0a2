import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { DisclosurePage } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { PageQueryDto } from '../common/pagination.dto';
import { ApiAnswer } from '../openapi/api-doc.decorators';
import { DisclosuresService } from './disclosures.service';

@Controller()
export class DisclosuresController {
  constructor(private readonly disclosures: DisclosuresService) {}

  @Get('admin/mentees/:id/disclosures')
  @Roles('admin')
  @ApiOperation({ summary: "Who viewed a student's sensitive records (safeguarding reads included)" })
  @ApiAnswer('DisclosurePage')
  ofStudent(@IdParam() id: string, @Query() q: PageQueryDto): Promise<DisclosurePage> {
    return this.disclosures.pageFor(id, q, { safeguarding: true });
  }

  @Get('disclosures/mine')
  @Roles('mentee')
  @ApiOperation({ summary: 'Who viewed my record: staff, their roles and when' })
  @ApiAnswer('DisclosurePage')
  mine(@CurrentUser() me: AuthUser, @Query() q: PageQueryDto): Promise<DisclosurePage> {
    return this.disclosures.pageFor(me.id, q, { safeguarding: false });
  }
}
