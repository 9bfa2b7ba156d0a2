import { Body, Controller, Put } from '@nestjs/common';
import { ErrorCode, type MeResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { UpdateMentorProfileDto } from './dto/update-mentor-profile.dto';
import { UsersService } from './users.service';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

@Controller('mentors')
export class MentorProfileController {
  constructor(private readonly users: UsersService) {}

  @Put('profile')
  @Roles('mentor')
  @ApiOperation({ summary: "Change the mentor's own profile" })
  @ApiAnswer('MeResponse')
  @ApiErrors(ErrorCode.EmailTaken, ErrorCode.UserNotFound)
  update(@CurrentUser() me: AuthUser, @Body() dto: UpdateMentorProfileDto): Promise<MeResponse> {
    return this.users.updateMentorProfile(me.id, dto);
  }
}
