import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { MessagesModule } from '../messages/messages.module';
import { UsersModule } from '../users/users.module';
import { MessageReport } from './entities/message-report.entity';
import { MessageReportsController, ReportMessageController } from './message-reports.controller';
import { MessageReportsService } from './message-reports.service';

/** Safeguarding: reported messages and the leads' queue (kept chats are the messages module's own). */
@Module({
  imports: [TypeOrmModule.forFeature([MessageReport]), MessagesModule, UsersModule, AuditModule],
  controllers: [ReportMessageController, MessageReportsController],
  providers: [MessageReportsService],
})
export class SafeguardingModule {}
