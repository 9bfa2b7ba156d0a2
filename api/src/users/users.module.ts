import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { SessionsService } from '../sessions/sessions.service';
import { AccountCleanupRegistry } from './account-cleanup.registry';
import { AccountImportService } from './account-import.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { AdminProfile } from './entities/admin-profile.entity';
import { MenteeProfile } from './entities/mentee-profile.entity';
import { MentorProfile } from './entities/mentor-profile.entity';
import { PairingChange } from './entities/pairing-change.entity';
import { SignIn } from './entities/sign-in.entity';
import { User } from './entities/user.entity';
import { UserSession } from './entities/user-session.entity';
import { UserDirectory } from './user-directory.service';
import { MentorProfileController } from './mentor-profile.controller';
import { PasswordService } from './password.service';
import { ProfilesService } from './profiles.service';
import { TokenUsersCache } from './token-users.cache';
import { UserStatsService } from './user-stats.service';
import { UsersService } from './users.service';
import { UserSessionsService } from './user-sessions.service';
import { DataExportRegistry } from './data-export.registry';
import { DataExportService } from './data-export.service';
import { DataExportController } from './data-export.controller';
import { ErasureRegistry } from './erasure.registry';

@Module({
  imports: [
    TypeOrmModule.forFeature([User, AdminProfile, MentorProfile, MenteeProfile, SignIn, PairingChange, UserSession]),
    AuditModule,
  ],
  controllers: [MentorProfileController, AdminUsersController, DataExportController],
  providers: [
    UsersService,
    ProfilesService,
    UserStatsService,
    PasswordService,
    AdminUsersService,
    AccountCleanupRegistry,
    DataExportRegistry,
    ErasureRegistry,
    DataExportService,
    AccountImportService,
    TokenUsersCache,
    UserSessionsService,
    UserDirectory,
  ],
  exports: [
    UserDirectory,
    UsersService,
    ProfilesService,
    UserStatsService,
    PasswordService,
    AccountCleanupRegistry,
    DataExportRegistry,
    ErasureRegistry,
    AccountImportService,
    UserSessionsService,
  ],
})
export class UsersModule {
  /** The account's tokenVersion is this module's: it is what SessionsService bumps to end a user's sessions. */
  constructor(sessions: SessionsService, users: UsersService) {
    sessions.useTokenRevoker((userId, manager) => users.revokeTokens(userId, manager));
  }
}
