import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { AuditModule } from '../audit/audit.module';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { PasswordService } from '../auth/password.service';
import { MentorProfileController } from './mentor-profile.controller';
import { UsersService } from './users.service';

@Module({
  imports: [AttendanceModule, AuditModule],
  controllers: [MentorProfileController, AdminUsersController],
  providers: [UsersService, PasswordService, AdminUsersService],
  exports: [UsersService, PasswordService],
})
export class UsersModule {}
