import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { CalendarModule } from '../calendar/calendar.module';
import { GroupsModule } from '../groups/groups.module';
import { LeavesModule } from '../leaves/leaves.module';
import { UsersModule } from '../users/users.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({
  imports: [UsersModule, AttendanceModule, CalendarModule, GroupsModule, LeavesModule],
  controllers: [ReportsController],
  providers: [ReportsService],
})
export class ReportsModule {}
