import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ErrorCode,
  type GroupDetailsResponse,
  type GroupResponse,
  type MenteeRecord,
  type MessageResponse,
} from '@portal/contracts';
import { AnswersArrayPage, type ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { ListQueryDto } from '../common/pagination.dto';
import { CurrentUser, Roles } from '../common/decorators';
import { SaveGroupDto } from './dto/save-group.dto';
import { GroupsService } from './groups.service';
import { IdParam } from '../common/id-param';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { Discloses, profileList } from '../disclosures/discloses.decorator';

@Controller()
export class GroupsController {
  constructor(
    private readonly groups: GroupsService,
    private readonly cache: ReadCache,
  ) {}

  /** A mentor's groups are counted on their dashboard and (active ones) on the admin's. Retired after the write. */
  private retiresKeptReads(me: AuthUser): Promise<void> {
    return this.cache.retire(Scope.adminDashboard, Scope.mentorDashboard(me.id));
  }

  @Get('groups')
  @Roles('mentor')
  @ApiOperation({ summary: "The mentor's groups" })
  @ApiAnswer(['GroupResponse'])
  @AnswersArrayPage()
  mine(@CurrentUser() me: AuthUser, @Query() q: ListQueryDto): Promise<ArrayPage<GroupResponse>> {
    return this.groups.list(q, me.id);
  }

  @Get('groups/archived')
  @Roles('mentor')
  @ApiOperation({ summary: "The mentor's archived groups" })
  @ApiAnswer(['GroupResponse'])
  @AnswersArrayPage()
  archived(@CurrentUser() me: AuthUser, @Query() q: ListQueryDto): Promise<ArrayPage<GroupResponse>> {
    return this.groups.archived(me.id, q);
  }

  @Get('admin/groups')
  @Roles('admin')
  @ApiOperation({ summary: 'All groups' })
  @ApiAnswer(['GroupResponse'])
  @AnswersArrayPage()
  all(@Query() q: ListQueryDto): Promise<ArrayPage<GroupResponse>> {
    return this.groups.list(q);
  }

  @Get('groups/mentee')
  @Roles('mentee')
  @ApiOperation({ summary: 'The groups the mentee belongs to' })
  @ApiAnswer(['GroupResponse'])
  @AnswersArrayPage()
  ofMentee(@CurrentUser() me: AuthUser, @Query() q: ListQueryDto): Promise<ArrayPage<GroupResponse>> {
    return this.groups.ofMentee(me.id, q);
  }

  @Get('groups/:id/details')
  @ApiOperation({ summary: 'A group with its members' })
  @ApiAnswer('GroupDetailsResponse')
  @ApiErrors(ErrorCode.GroupNotFound, ErrorCode.NotAMember)
  details(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GroupDetailsResponse> {
    return this.groups.details(me, id);
  }

  @Post('groups')
  @Roles('mentor')
  @ApiOperation({ summary: "Create a group of the mentor's mentees" })
  @ApiAnswer('GroupResponse')
  @ApiErrors(ErrorCode.NotOwner)
  async create(@CurrentUser() me: AuthUser, @Body() dto: SaveGroupDto): Promise<GroupResponse> {
    await this.retiresKeptReads(me);
    return this.groups.create(me, dto);
  }

  @Put('groups/:id')
  @Roles('mentor')
  @ApiOperation({ summary: 'Rename a group or change its members' })
  @ApiAnswer('GroupResponse')
  @ApiErrors(ErrorCode.GroupNotFound, ErrorCode.NotOwner)
  async update(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: SaveGroupDto): Promise<GroupResponse> {
    await this.retiresKeptReads(me);
    return this.groups.update(me, id, dto);
  }

  @Delete('groups/:id')
  @Roles('mentor')
  @ApiOperation({ summary: 'Archive a group' })
  @ApiAnswer('MessageResponse')
  @ApiErrors(ErrorCode.GroupNotFound, ErrorCode.NotOwner)
  async archive(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<MessageResponse> {
    await this.retiresKeptReads(me);
    return this.groups.archive(me, id);
  }

  @Post('groups/:id/restore')
  @Roles('mentor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Restore an archived group' })
  @ApiAnswer('GroupResponse')
  @ApiErrors(ErrorCode.GroupNotArchived, ErrorCode.GroupNotFound, ErrorCode.NotOwner)
  async restore(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GroupResponse> {
    await this.retiresKeptReads(me);
    return this.groups.restore(me, id);
  }

  @Discloses(profileList)
  @Get('mentors/mentees')
  @Roles('mentor')
  @ApiOperation({ summary: "The mentor's mentees" })
  @ApiAnswer(['MenteeRecord'])
  @AnswersArrayPage()
  myMentees(@CurrentUser() me: AuthUser, @Query() q: ListQueryDto): Promise<ArrayPage<MenteeRecord>> {
    return this.groups.menteesOfMentor(me.id, q);
  }
}
