import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { LeavesModule } from '../leaves/leaves.module';
import { DashboardsController } from './dashboards.controller';
import { DashboardsService } from './dashboards.service';

@Module({ imports: [AttendanceModule, LeavesModule], controllers: [DashboardsController], providers: [DashboardsService] })
export class DashboardsModule {}
