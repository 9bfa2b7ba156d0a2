import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { AuditModule } from '../audit/audit.module';
import { MentorshipController } from './mentorship.controller';
import { MentorshipService } from './mentorship.service';

@Module({ imports: [AttendanceModule, AuditModule], controllers: [MentorshipController], providers: [MentorshipService], exports: [MentorshipService] })
export class MentorshipModule {}
