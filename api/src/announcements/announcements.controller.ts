import { Body, Controller, Delete, Get, Header, HttpCode, Patch, Post, Query } from '@nestjs/common';
import {
  ErrorCode,
  type AnnouncementCommentResponse,
  type AnnouncementResponse,
  type LikesResponse,
} from '@portal/contracts';
import { AnswersArrayPage, type ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { ListQueryDto } from '../common/pagination.dto';
import { CurrentUser, Roles } from '../common/decorators';
import { AnnouncementsService } from './announcements.service';
import { GuardiansService } from '../guardians/guardians.service';
import {
  AnnouncementCommentDto,
  CreateAnnouncementDto,
  ListAnnouncementsQueryDto,
  UpdateAnnouncementDto,
} from './dto/announcement.dto';
import { IdParam } from '../common/id-param';
import { ReadCache, type Json } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

/** What a guardian reads for one of their children: the guardians module's rule first, then the announcements'. */
@Controller('guardian/children')
@Roles('guardian')
export class GuardianAnnouncementsController {
  constructor(
    private readonly announcements: AnnouncementsService,
    private readonly guardians: GuardiansService,
  ) {}

  @Get(':id/announcements')
  @ApiOperation({ summary: "Announcements for the child's guardians: for every family, or the child's group or class" })
  @ApiAnswer(['AnnouncementResponse'])
  @ApiErrors(ErrorCode.NotOwner, ErrorCode.AnnouncementNotFound)
  async forChild(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Query() q: ListAnnouncementsQueryDto,
  ): Promise<AnnouncementResponse[]> {
    await this.guardians.assertChild(me.id, id);
    return this.announcements.forChild(id, q);
  }
}

@Controller('announcements')
export class AnnouncementsController {
  constructor(
    private readonly announcements: AnnouncementsService,
    private readonly cache: ReadCache,
  ) {}

  // The first page (every dashboard's feed) is kept (AnnouncementsService.keptFirstPage); later pages are read afresh.
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'List the announcements the caller may see' })
  @ApiAnswer(['AnnouncementResponse'])
  @ApiErrors(ErrorCode.AnnouncementNotFound, ErrorCode.NotInAudience)
  list(
    @CurrentUser() me: AuthUser,
    @Query() q: ListAnnouncementsQueryDto,
  ): Promise<Json<AnnouncementResponse[]> | AnnouncementResponse[]> {
    if (q.before === undefined && q.limit === undefined) return this.announcements.keptFirstPage(me);
    return this.announcements.list(me, q);
  }

  @Post()
  @Roles('mentor')
  @ApiOperation({ summary: "Publish an announcement to the mentor's mentees or a group" })
  @ApiAnswer('AnnouncementResponse')
  async create(@CurrentUser() me: AuthUser, @Body() dto: CreateAnnouncementDto): Promise<AnnouncementResponse> {
    await this.cache.retire(Scope.everyAnnouncementList);
    return this.announcements.create(me, dto);
  }

  @Patch(':id')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: 'Edit an announcement' })
  @ApiAnswer('AnnouncementResponse')
  @ApiErrors(ErrorCode.AnnouncementNotFound, ErrorCode.NotOwner, ErrorCode.NothingToUpdate)
  async update(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: UpdateAnnouncementDto,
  ): Promise<AnnouncementResponse> {
    await this.cache.retire(Scope.everyAnnouncementList);
    return this.announcements.update(me, id, dto);
  }

  @Delete(':id')
  @Roles('mentor', 'admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an announcement' })
  @ApiAnswer(null)
  @ApiErrors(ErrorCode.AnnouncementNotFound, ErrorCode.NotOwner)
  async remove(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<void> {
    await this.cache.retire(Scope.everyAnnouncementList, Scope.announcementSocial(id));
    return this.announcements.remove(me, id);
  }

  @Get(':id/comments')
  @ApiOperation({ summary: 'List the comments on an announcement' })
  @ApiAnswer(['AnnouncementCommentResponse'])
  @ApiErrors(ErrorCode.AnnouncementNotFound, ErrorCode.NotInAudience)
  @AnswersArrayPage()
  comments(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Query() q: ListQueryDto,
  ): Promise<ArrayPage<AnnouncementCommentResponse>> {
    return this.announcements.comments(me, id, q);
  }

  @Post(':id/comments')
  @ApiOperation({ summary: 'Comment on an announcement' })
  @ApiAnswer('AnnouncementCommentResponse')
  @ApiErrors(ErrorCode.AnnouncementNotFound, ErrorCode.NotInAudience)
  async comment(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: AnnouncementCommentDto,
  ): Promise<AnnouncementCommentResponse> {
    await this.cache.retire(Scope.announcementSocial(id));
    return this.announcements.addComment(me, id, dto);
  }

  @Post(':id/likes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Like an announcement, or take the like back' })
  @ApiAnswer('LikesResponse')
  @ApiErrors(ErrorCode.AnnouncementNotFound, ErrorCode.NotInAudience)
  async like(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LikesResponse> {
    await this.cache.retire(Scope.announcementSocial(id));
    return this.announcements.toggleLike(me, id);
  }
}
