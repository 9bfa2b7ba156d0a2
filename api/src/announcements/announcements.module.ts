import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupsModule } from '../groups/groups.module';
import { GuardiansModule } from '../guardians/guardians.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { AnnouncementsController, GuardianAnnouncementsController } from './announcements.controller';
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
    GuardiansModule,
    RealtimeModule,
  ],
  controllers: [AnnouncementsController, GuardianAnnouncementsController],
  providers: [AnnouncementsService],
})
export class AnnouncementsModule {}
