import { Module } from '@nestjs/common';
import { AttendanceSummaryService } from './attendance-summary.service';

@Module({ providers: [AttendanceSummaryService], exports: [AttendanceSummaryService] })
export class AttendanceModule {}
