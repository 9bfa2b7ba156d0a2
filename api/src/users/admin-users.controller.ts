import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import {
  ErrorCode,
  type AdminUserDetail,
  type DeleteUserResponse,
  type ErasurePreview,
  type ListUsersResponse,
  type RegisterResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { RegisterDto } from './dto/register.dto';
import { AdminUsersService } from './admin-users.service';
import { ListUsersQueryDto } from './dto/list-users.query.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { SetSafeguardingLeadDto } from './dto/safeguarding-lead.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { IdParam } from '../common/id-param';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { Discloses, profileOf } from '../disclosures/discloses.decorator';

@Controller('admin/users')
@Roles('admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiOperation({ summary: 'Search users' })
  @ApiAnswer('ListUsersResponse')
  list(@Query() q: ListUsersQueryDto): Promise<ListUsersResponse> {
    return this.users.list(q);
  }

  @Post()
  @ApiOperation({ summary: 'Create a user' })
  @ApiAnswer('RegisterResponse')
  @ApiErrors(ErrorCode.EmailTaken, ErrorCode.IdTaken)
  create(@Body() dto: RegisterDto, @CurrentUser() me: AuthUser): Promise<RegisterResponse> {
    return this.users.create(dto, me);
  }

  @Discloses((body) => {
    const d = body as AdminUserDetail;
    return profileOf(
      d.user.role === 'mentee' ? d.user._id : undefined,
      d.profile as unknown as Record<string, unknown>,
    );
  })
  @Get(':id')
  @ApiOperation({ summary: 'One user with their profile' })
  @ApiAnswer('AdminUserDetail')
  @ApiErrors(ErrorCode.UserNotFound)
  detail(@IdParam() id: string): Promise<AdminUserDetail> {
    return this.users.detail(id);
  }

  @Put(':id')
  @ApiOperation({ summary: "Change a user's e-mail" })
  @ApiAnswer('AdminUserDetail')
  @ApiErrors(ErrorCode.EmailTaken, ErrorCode.UserNotFound)
  update(@IdParam() id: string, @Body() dto: UpdateUserDto, @CurrentUser() me: AuthUser): Promise<AdminUserDetail> {
    return this.users.updateEmail(id, dto, me);
  }

  @Put(':id/profile')
  @ApiOperation({ summary: "Change a user's profile" })
  @ApiAnswer('AdminUserDetail')
  @ApiErrors(ErrorCode.FieldNotApplicable, ErrorCode.IdTaken, ErrorCode.NothingToUpdate, ErrorCode.UserNotFound)
  updateProfile(
    @IdParam() id: string,
    @Body() dto: UpdateProfileDto,
    @CurrentUser() me: AuthUser,
  ): Promise<AdminUserDetail> {
    return this.users.updateProfile(id, dto, me);
  }

  @Put(':id/toggle-status')
  @ApiOperation({ summary: 'Activate or deactivate a user' })
  @ApiAnswer('AdminUserDetail')
  @ApiErrors(ErrorCode.OwnAccount, ErrorCode.UserNotFound)
  toggle(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<AdminUserDetail> {
    return this.users.toggleStatus(id, me);
  }

  @Put(':id/safeguarding-lead')
  @ApiOperation({ summary: 'Designate an admin as a safeguarding lead, or stop' })
  @ApiAnswer('AdminUserDetail')
  @ApiErrors(ErrorCode.LeadMustBeAdmin, ErrorCode.UserNotFound)
  setLead(
    @IdParam() id: string,
    @Body() dto: SetSafeguardingLeadDto,
    @CurrentUser() me: AuthUser,
  ): Promise<AdminUserDetail> {
    return this.users.setSafeguardingLead(id, dto.lead, me);
  }

  @Put(':id/approve')
  @ApiOperation({ summary: 'Approve a self-registered mentor' })
  @ApiAnswer('AdminUserDetail')
  @ApiErrors(ErrorCode.NotPending, ErrorCode.UserNotFound)
  approve(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<AdminUserDetail> {
    return this.users.approve(id, me);
  }

  @Put(':id/decline')
  @ApiOperation({ summary: 'Decline a self-registered mentor (the account is deleted)' })
  @ApiAnswer('DeleteUserResponse')
  @ApiErrors(ErrorCode.NotPending, ErrorCode.UserNotFound)
  decline(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<DeleteUserResponse> {
    return this.users.decline(id, me);
  }

  @Get(':id/erasure')
  @ApiOperation({ summary: "What erasing a student keeps under a legal hold, and others' text that names them" })
  @ApiAnswer('ErasurePreview')
  @ApiErrors(ErrorCode.UserNotFound, ErrorCode.MenteeNotFound)
  erasure(@IdParam() id: string): Promise<ErasurePreview> {
    return this.users.erasurePreview(id);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a user (a student: erasure, keeping what a legal hold needs)' })
  @ApiAnswer('DeleteUserResponse')
  @ApiErrors(ErrorCode.OwnAccount, ErrorCode.UserNotFound)
  remove(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<DeleteUserResponse> {
    return this.users.remove(id, me);
  }
}
