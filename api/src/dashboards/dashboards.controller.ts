import { Controller, Get, Header } from '@nestjs/common';
import type { AdminDashboardResponse, MenteeDashboardResponse, MentorDashboardResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ReadCache, type Json } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { DashboardsService } from './dashboards.service';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer } from '../openapi/api-doc.decorators';

@Controller()
export class DashboardsController {
  constructor(
    private readonly dashboards: DashboardsService,
    private readonly cache: ReadCache,
  ) {}

  // The same for every admin: one entry serves them all.
  @Get('admin/dashboard')
  @Roles('admin')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Admin dashboard' })
  @ApiAnswer('AdminDashboardResponse')
  admin(): Promise<Json<AdminDashboardResponse>> {
    return this.cache.json(Scope.adminDashboard, () => this.dashboards.admin());
  }

  @Get('mentors/dashboard')
  @Roles('mentor')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Mentor dashboard' })
  @ApiAnswer('MentorDashboardResponse')
  mentor(@CurrentUser() me: AuthUser): Promise<Json<MentorDashboardResponse>> {
    return this.cache.json(Scope.mentorDashboard(me.id), () => this.dashboards.mentor(me.id));
  }

  // Asked every time a student opens the portal: kept per student until their attendance, leaves or grievances change.
  @Get('mentees/dashboard')
  @Roles('mentee')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Mentee dashboard' })
  @ApiAnswer('MenteeDashboardResponse')
  mentee(@CurrentUser() me: AuthUser): Promise<Json<MenteeDashboardResponse>> {
    return this.cache.json(Scope.menteeDashboard(me.id), () => this.dashboards.mentee(me.id));
  }
}
