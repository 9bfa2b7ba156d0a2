import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsService } from './announcements.service';

@Module({ imports: [RealtimeModule], controllers: [AnnouncementsController], providers: [AnnouncementsService] })
export class AnnouncementsModule {}
