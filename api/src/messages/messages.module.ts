import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { GroupsModule } from '../groups/groups.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { AttachmentStorage } from './attachment-storage.service';
import { AttachmentStore } from './attachment-store';
import { AttachmentsService } from './attachments.service';
import { DatabaseAttachmentStore } from './database-attachment-store';
import { AttachmentChunk } from './entities/attachment-chunk.entity';
import { Attachment, ConversationRead, Message } from './entities/message.entity';
import { KeptChat, KeptMessage } from './entities/kept-chat.entity';
import { HeldMessage } from './entities/held-message.entity';
import { HeldMessagesService } from './held-messages.service';
import { CalendarModule } from '../calendar/calendar.module';
import { KeptChatsController } from './kept-chats.controller';
import { KeptChatsService } from './kept-chats.service';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      Message,
      Attachment,
      AttachmentChunk,
      ConversationRead,
      KeptChat,
      KeptMessage,
      HeldMessage,
    ]),
    CalendarModule,
    UsersModule,
    GroupsModule,
    RealtimeModule,
    AuditModule,
  ],
  controllers: [MessagesController, KeptChatsController],
  providers: [
    MessagesService,
    KeptChatsService,
    HeldMessagesService,
    AttachmentsService,
    AttachmentStorage,
    // The one place a different store (e.g. S3-compatible, picked from configuration) would be bound.
    { provide: AttachmentStore, useClass: DatabaseAttachmentStore },
  ],
  // The safeguarding module reads a reported message's context through it.
  exports: [MessagesService],
})
export class MessagesModule {}
