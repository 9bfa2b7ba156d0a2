import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CalendarModule } from '../calendar/calendar.module';
import { OutboxModule } from '../outbox/outbox.module';
import { RetentionPeriod, RetentionState } from './entities/retention.entity';
import { RetentionController } from './retention.controller';
import { RetentionRegistry } from './retention.registry';
import { RetentionService } from './retention.service';

/** Retention periods and the daily purge; the modules that own records register how theirs are purged. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([RetentionPeriod, RetentionState]), AuditModule, CalendarModule, OutboxModule],
  controllers: [RetentionController],
  providers: [RetentionRegistry, RetentionService],
  exports: [RetentionRegistry, RetentionService],
})
export class RetentionModule {}
