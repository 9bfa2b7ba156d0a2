import { Body, Controller, Put } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import type { MeResponse } from '@portal/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/decorators';
import { UpdateMentorProfileDto } from './dto/update-mentor-profile.dto';
import { MentorProfile } from './entities/mentor-profile.entity';
import { User } from './entities/user.entity';
import { UserException } from './user.exception';
import { UsersService } from './users.service';

@Controller('mentors')
export class MentorProfileController {
  constructor(@InjectDataSource() private readonly db: DataSource, private readonly users: UsersService) {}

  @Put('profile')
  @Roles('mentor')
  async update(@CurrentUser() me: AuthUser, @Body() dto: UpdateMentorProfileDto): Promise<MeResponse> {
    await this.db.transaction(async (tx) => {
      if (dto.email && (await tx.existsBy(User, { email: dto.email, id: Not(me.id) }))) throw UserException.emailTaken();
      const userChanges: Partial<User> = {};
      if (dto.email !== undefined) userChanges.email = dto.email;
      if (dto.phone !== undefined) userChanges.phone = dto.phone;
      if (Object.keys(userChanges).length) await tx.update(User, { id: me.id }, userChanges);
      const profileChanges: Partial<MentorProfile> = {};
      if (dto.qualifications !== undefined) profileChanges.qualifications = dto.qualifications;
      if (dto.citations !== undefined) profileChanges.citations = dto.citations;
      if (Object.keys(profileChanges).length) await tx.update(MentorProfile, { id: me.id }, profileChanges);
    });
    return this.users.me(me.id);
  }
}
