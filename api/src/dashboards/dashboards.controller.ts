import { Controller, Get } from '@nestjs/common';
import type { AdminDashboardResponse, MenteeDashboardResponse, MentorDashboardResponse } from '@portal/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/decorators';
import { DashboardsService } from './dashboards.service';

@Controller()
export class DashboardsController {
  constructor(private readonly dashboards: DashboardsService) {}

  @Get('admin/dashboard') @Roles('admin')
  admin(): Promise<AdminDashboardResponse> {
    return this.dashboards.admin();
  }

  @Get('mentors/dashboard') @Roles('mentor')
  mentor(@CurrentUser() me: AuthUser): Promise<MentorDashboardResponse> {
    return this.dashboards.mentor(me.id);
  }

  @Get('mentees/dashboard') @Roles('mentee')
  mentee(@CurrentUser() me: AuthUser): Promise<MenteeDashboardResponse> {
    return this.dashboards.mentee(me.id);
  }
}
