import { Body, Controller, Put } from '@nestjs/common';
import type { MeResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { UpdateMentorProfileDto } from './dto/update-mentor-profile.dto';
import { UsersService } from './users.service';

@Controller('mentors')
export class MentorProfileController {
  constructor(private readonly users: UsersService) {}

  @Put('profile')
  @Roles('mentor')
  update(@CurrentUser() me: AuthUser, @Body() dto: UpdateMentorProfileDto): Promise<MeResponse> {
    return this.users.updateMentorProfile(me.id, dto);
  }
}
