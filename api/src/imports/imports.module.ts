import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { GuardiansModule } from '../guardians/guardians.module';
import { UsersModule } from '../users/users.module';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

/** Onboarding by CSV: plans and writes accounts through the users module, welcome links through auth's, guardians through theirs. */
@Module({
  imports: [UsersModule, AuthModule, AuditModule, GuardiansModule],
  controllers: [ImportsController],
  providers: [ImportsService],
})
export class ImportsModule {}
