import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupsModule } from '../groups/groups.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsService } from './announcements.service';
import {
  Announcement,
  AnnouncementComment,
  AnnouncementLike,
  AnnouncementRecipient,
} from './entities/announcement.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([Announcement, AnnouncementComment, AnnouncementLike, AnnouncementRecipient]),
    UsersModule,
    GroupsModule,
    RealtimeModule,
  ],
  controllers: [AnnouncementsController],
  providers: [AnnouncementsService],
})
export class AnnouncementsModule {}
