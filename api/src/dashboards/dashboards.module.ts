import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { UsersModule } from '../users/users.module';
import { DashboardsController } from './dashboards.controller';
import { DashboardsService } from './dashboards.service';

@Module({ imports: [AttendanceModule, UsersModule], controllers: [DashboardsController], providers: [DashboardsService] })
export class DashboardsModule {}
