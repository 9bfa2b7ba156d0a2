import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import type { GroupDetailsResponse, GroupResponse, MenteeRecord } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { SaveGroupDto } from './dto/save-group.dto';
import { GroupsService } from './groups.service';
import { IdParam } from '../common/id-param';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';

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
  mine(@CurrentUser() me: AuthUser): Promise<GroupResponse[]> {
    return this.groups.list(me.id);
  }

  @Get('groups/archived')
  @Roles('mentor')
  archived(@CurrentUser() me: AuthUser): Promise<GroupResponse[]> {
    return this.groups.archived(me.id);
  }

  @Get('admin/groups')
  @Roles('admin')
  all(): Promise<GroupResponse[]> {
    return this.groups.list();
  }

  @Get('groups/mentee')
  @Roles('mentee')
  ofMentee(@CurrentUser() me: AuthUser): Promise<GroupResponse[]> {
    return this.groups.ofMentee(me.id);
  }

  @Get('groups/:id/details')
  details(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GroupDetailsResponse> {
    return this.groups.details(me, id);
  }

  @Post('groups')
  @Roles('mentor')
  async create(@CurrentUser() me: AuthUser, @Body() dto: SaveGroupDto): Promise<GroupResponse> {
    await this.retiresKeptReads(me);
    return this.groups.create(me, dto);
  }

  @Put('groups/:id')
  @Roles('mentor')
  async update(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: SaveGroupDto): Promise<GroupResponse> {
    await this.retiresKeptReads(me);
    return this.groups.update(me, id, dto);
  }

  @Delete('groups/:id')
  @Roles('mentor')
  async archive(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<{ message: string }> {
    await this.retiresKeptReads(me);
    return this.groups.archive(me, id);
  }

  @Post('groups/:id/restore')
  @Roles('mentor')
  @HttpCode(200)
  async restore(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GroupResponse> {
    await this.retiresKeptReads(me);
    return this.groups.restore(me, id);
  }

  @Get('mentors/mentees')
  @Roles('mentor')
  myMentees(@CurrentUser() me: AuthUser): Promise<MenteeRecord[]> {
    return this.groups.menteesOfMentor(me.id);
  }
}
