import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { PasswordService } from '../auth/password.service';
import { MentorProfileController } from './mentor-profile.controller';
import { UsersService } from './users.service';

@Module({
  imports: [AttendanceModule],
  controllers: [MentorProfileController],
  providers: [UsersService, PasswordService],
  exports: [UsersService, PasswordService],
})
export class UsersModule {}
