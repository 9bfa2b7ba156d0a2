import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import type { AdminUserDetail, DeleteUserResponse, ListUsersResponse, RegisterResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { RegisterDto } from './dto/register.dto';
import { AdminUsersService } from './admin-users.service';
import { ListUsersQueryDto } from './dto/list-users.query.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { IdParam } from '../common/id-param';

@Controller('admin/users')
@Roles('admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  list(@Query() q: ListUsersQueryDto): Promise<ListUsersResponse> {
    return this.users.list(q);
  }

  @Post()
  create(@Body() dto: RegisterDto, @CurrentUser() me: AuthUser): Promise<RegisterResponse> {
    return this.users.create(dto, me);
  }

  @Get(':id')
  detail(@IdParam() id: string): Promise<AdminUserDetail> {
    return this.users.detail(id);
  }

  @Put(':id')
  update(@IdParam() id: string, @Body() dto: UpdateUserDto, @CurrentUser() me: AuthUser): Promise<AdminUserDetail> {
    return this.users.updateEmail(id, dto, me);
  }

  @Put(':id/profile')
  updateProfile(
    @IdParam() id: string,
    @Body() dto: UpdateProfileDto,
    @CurrentUser() me: AuthUser,
  ): Promise<AdminUserDetail> {
    return this.users.updateProfile(id, dto, me);
  }

  @Put(':id/toggle-status')
  toggle(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<AdminUserDetail> {
    return this.users.toggleStatus(id, me);
  }

  @Put(':id/approve')
  approve(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<AdminUserDetail> {
    return this.users.approve(id, me);
  }

  @Put(':id/decline')
  decline(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<DeleteUserResponse> {
    return this.users.decline(id, me);
  }

  @Delete(':id')
  remove(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<DeleteUserResponse> {
    return this.users.remove(id, me);
  }
}
