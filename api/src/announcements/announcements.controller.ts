import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import type { AnnouncementCommentResponse, AnnouncementResponse, LikesResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { AnnouncementsService } from './announcements.service';
import {
  AnnouncementCommentDto,
  CreateAnnouncementDto,
  ListAnnouncementsQueryDto,
  UpdateAnnouncementDto,
} from './dto/announcement.dto';
import { IdParam } from '../common/id-param';
import { changesNoKeptRead } from '../read-cache/read-scopes';

@Controller('announcements')
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Get()
  list(@CurrentUser() me: AuthUser, @Query() q: ListAnnouncementsQueryDto): Promise<AnnouncementResponse[]> {
    return this.announcements.list(me, q);
  }

  @Post()
  @Roles('mentor')
  create(@CurrentUser() me: AuthUser, @Body() dto: CreateAnnouncementDto): Promise<AnnouncementResponse> {
    changesNoKeptRead();
    return this.announcements.create(me, dto);
  }

  @Patch(':id')
  @Roles('mentor', 'admin')
  update(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: UpdateAnnouncementDto,
  ): Promise<AnnouncementResponse> {
    changesNoKeptRead();
    return this.announcements.update(me, id, dto);
  }

  @Delete(':id')
  @Roles('mentor', 'admin')
  @HttpCode(204)
  remove(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<void> {
    changesNoKeptRead();
    return this.announcements.remove(me, id);
  }

  @Get(':id/comments')
  comments(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<AnnouncementCommentResponse[]> {
    return this.announcements.comments(me, id);
  }

  @Post(':id/comments')
  comment(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: AnnouncementCommentDto,
  ): Promise<AnnouncementCommentResponse> {
    changesNoKeptRead();
    return this.announcements.addComment(me, id, dto);
  }

  @Post(':id/likes')
  @HttpCode(200)
  like(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LikesResponse> {
    changesNoKeptRead();
    return this.announcements.toggleLike(me, id);
  }
}
