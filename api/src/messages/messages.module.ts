import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { MessagesController } from './messages.controller';
import { AttachmentsService } from './attachments.service';
import { MessagesService } from './messages.service';

@Module({ imports: [RealtimeModule], controllers: [MessagesController], providers: [MessagesService, AttachmentsService], exports: [MessagesService] })
export class MessagesModule {}
