import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AttendanceSummaryService } from './attendance-summary.service';
import { AttendanceController } from './attendance.controller';
import { AttendanceService } from './attendance.service';

@Module({
  imports: [AuditModule],
  controllers: [AttendanceController],
  providers: [AttendanceSummaryService, AttendanceService],
  exports: [AttendanceSummaryService],
})
export class AttendanceModule {}
