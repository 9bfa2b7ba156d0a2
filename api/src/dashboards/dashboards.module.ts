import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { GrievancesModule } from '../grievances/grievances.module';
import { GroupsModule } from '../groups/groups.module';
import { LeavesModule } from '../leaves/leaves.module';
import { UsersModule } from '../users/users.module';
import { DashboardsController } from './dashboards.controller';
import { DashboardsService } from './dashboards.service';

@Module({
  imports: [UsersModule, AttendanceModule, GroupsModule, LeavesModule, GrievancesModule],
  controllers: [DashboardsController],
  providers: [DashboardsService],
})
export class DashboardsModule {}
