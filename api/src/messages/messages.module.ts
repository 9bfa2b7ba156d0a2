import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { GroupsModule } from '../groups/groups.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { AttachmentStorage } from './attachment-storage.service';
import { AttachmentsService } from './attachments.service';
import { Attachment, ConversationRead, Message } from './entities/message.entity';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Message, Attachment, ConversationRead]),
    UsersModule,
    GroupsModule,
    RealtimeModule,
    AuditModule,
  ],
  controllers: [MessagesController],
  providers: [MessagesService, AttachmentsService, AttachmentStorage],
})
export class MessagesModule {}
