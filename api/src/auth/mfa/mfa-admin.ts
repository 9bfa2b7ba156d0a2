import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { SessionsService } from '../../sessions/sessions.service';
import { AdminAuthenticator } from '../entities/admin-mfa.entity';
import { removeSecondFactor } from './mfa.service';

/** A command's refusal: printed as it is, exit code 1. */
export class AdminCommandError extends Error {}

/** `npm run admin -- reset-mfa <email>`: a sole admin who lost their phone, served by whoever runs the server. */
@Injectable()
export class MfaAdmin {
  constructor(
    @InjectRepository(AdminAuthenticator) private readonly authenticators: Repository<AdminAuthenticator>,
    private readonly audit: AuditService,
    private readonly sessions: SessionsService,
  ) {}

  async reset(user: { id: string; email: string; fullName: string }, operator: string): Promise<string> {
    await this.authenticators.manager.transaction(async (tx) => {
      if (!(await removeSecondFactor(tx, user.id)))
        throw new AdminCommandError(`${user.email} has no second factor to reset.`);
      await this.audit.recordOperator(tx, operator, 'admin.mfa-reset', {
        type: 'user',
        id: user.id,
        label: `${user.fullName} <${user.email}>`,
      });
      await this.sessions.endSessions(user.id, tx);
    });
    return `The second factor of ${user.email} is reset and their sessions have ended: they set up an authenticator at their next sign-in.`;
  }
}
