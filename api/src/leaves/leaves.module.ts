import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CalendarModule } from '../calendar/calendar.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { LeaveRequest } from './entities/leave-request.entity';
import { LeaveDocument, LeaveDocumentChunk } from './entities/leave-document.entity';
import { LeaveDocumentsService } from './leave-documents.service';
import { LeavesController } from './leaves.controller';
import { LeavesService } from './leaves.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([LeaveRequest, LeaveDocument, LeaveDocumentChunk]),
    UsersModule,
    AuditModule,
    NotificationsModule,
    CalendarModule,
  ],
  controllers: [LeavesController],
  providers: [LeavesService, LeaveDocumentsService],
  exports: [LeavesService],
})
export class LeavesModule {}
