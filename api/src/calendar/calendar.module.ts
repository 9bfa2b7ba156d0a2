import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CalendarController } from './calendar.controller';
import { SchoolClosureDay, SchoolSettings } from './calendar.entity';
import { CalendarService } from './calendar.service';
import { Clock } from './clock';

@Module({
  imports: [TypeOrmModule.forFeature([SchoolSettings, SchoolClosureDay]), AuditModule],
  controllers: [CalendarController],
  providers: [CalendarService, Clock],
  exports: [CalendarService, Clock],
})
export class CalendarModule {}
