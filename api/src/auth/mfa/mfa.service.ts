import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { generateSecret, generateURI, verify } from 'otplib';
import * as QRCode from 'qrcode';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import type { MfaChallengeResponse, MfaEnrolmentResponse } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../../dates/clock';
import { AuthException } from '../auth.exception';
import { AdminAuthenticator, AdminRecoveryCode } from '../entities/admin-mfa.entity';
import { LoginLimiterService } from '../login-limiter.service';

/** What a challenge names: the admin, and their token version (a session end voids it too). */
interface ChallengePayload {
  sub: string;
  ver: number;
  typ: 'mfa';
}

const ISSUER = 'Mentor Portal';

/** Removes an admin's authenticator and recovery codes (a lost phone), in `tx`; answers whether there was one. */
export async function removeSecondFactor(tx: EntityManager, userId: string): Promise<boolean> {
  await tx.delete(AdminRecoveryCode, { userId });
  return !!(await tx.delete(AdminAuthenticator, { userId })).affected;
}
const RECOVERY_CODES = 10;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
const normalised = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * Admins' second factor (ADMIN_MFA=required): the challenge a sign-in yields instead of a token, the authenticator
 * (TOTP, otplib) enrolled inside that step, its ten single-use recovery codes, and the reset another admin (or the
 * command line) does for a lost one. Codes are limited like passwords (the sign-in limiter, keyed by the account).
 */
@Injectable()
export class MfaService {
  /** Challenges are signed with a key of their own: no route that takes the portal's token accepts one. */
  private readonly challengeKey: Buffer;
  /** The authenticator secrets' encryption key, derived from the portal's secret. */
  private readonly secretKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(AdminAuthenticator) private readonly authenticators: Repository<AdminAuthenticator>,
    @InjectRepository(AdminRecoveryCode) private readonly recoveryCodes: Repository<AdminRecoveryCode>,
    private readonly jwt: JwtService,
    private readonly limiter: LoginLimiterService,
    private readonly clock: Clock,
  ) {
    this.challengeKey = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'portal-mfa', 'challenge', 32));
    this.secretKey = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'portal-mfa', 'totp-secret', 32));
  }

  /** Whether this account's sign-in needs the second step. */
  required(role: string): boolean {
    return this.config.adminMfa === 'required' && role === 'admin';
  }

  async challenge(user: { id: string; tokenVersion: number }): Promise<MfaChallengeResponse> {
    const payload: ChallengePayload = { sub: user.id, ver: user.tokenVersion, typ: 'mfa' };
    const challenge = await this.jwt.signAsync(payload, { secret: this.challengeKey, expiresIn: '5m' });
    const enrolled = await this.authenticators.existsBy({ userId: user.id, enabledAt: Not(IsNull()) });
    return { mfa: { challenge, enrolled } };
  }

  /** The account a challenge names; its token version is checked by the caller against the account. */
  async readChallenge(challenge: string): Promise<{ userId: string; ver: number }> {
    try {
      const p = await this.jwt.verifyAsync<ChallengePayload>(challenge, {
        secret: this.challengeKey,
        algorithms: ['HS256'],
      });
      if (p.typ !== 'mfa' || !p.sub) throw new Error('not a challenge');
      return { userId: p.sub, ver: p.ver };
    } catch {
      throw AuthException.mfaChallengeInvalid();
    }
  }

  /** A new secret for an admin without an active authenticator (it replaces one never confirmed). */
  async enrol(userId: string, email: string): Promise<MfaEnrolmentResponse> {
    if (await this.authenticators.existsBy({ userId, enabledAt: Not(IsNull()) }))
      throw AuthException.mfaAlreadyEnrolled();
    const secret = generateSecret();
    await this.authenticators.upsert(
      { userId, secret: this.encrypt(secret), enabledAt: null, lastStep: null },
      { conflictPaths: ['userId'] },
    );
    const otpauthUri = generateURI({ issuer: ISSUER, label: email, secret });
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return { secret, otpauthUri, qrSvg };
  }

  /**
   * Checks a code: a TOTP code of the admin's authenticator (enabling it at its first code), or an unused recovery
   * code. Answers the recovery codes made at enrolment (else null). Wrong codes count as failed sign-ins.
   */
  async check(userId: string, code: string, ip: string): Promise<string[] | null> {
    const key = `mfa:${userId}`;
    await this.limiter.beforeAttempt(ip, key);
    const authenticator = await this.authenticators.findOneBy({ userId });
    if (!authenticator) throw AuthException.mfaChallengeInvalid();
    const digits = code.replace(/\s/g, '');
    let issued: string[] | null = null;
    if (/^\d{6}$/.test(digits)) {
      const result = await verify({
        secret: this.decrypt(authenticator.secret),
        token: digits,
        epochTolerance: 30,
        epoch: Math.floor(this.clock.now().getTime() / 1000),
        ...(authenticator.lastStep !== null ? { afterTimeStep: authenticator.lastStep } : {}),
      }).then(
        (r) =>
          r.valid
            ? { valid: true as const, timeStep: (r as { timeStep: number }).timeStep }
            : { valid: false as const },
        () => ({ valid: false as const }),
      );
      // The step is claimed in one conditional write: two requests with one code cannot both pass.
      const taken =
        result.valid &&
        (await this.authenticators.manager.transaction(async (tx) => {
          const claimed = await tx
            .createQueryBuilder()
            .update(AdminAuthenticator)
            .set({ lastStep: result.timeStep, enabledAt: authenticator.enabledAt ?? this.clock.now() })
            .where('userId = :userId AND (lastStep IS NULL OR lastStep < :step)', { userId, step: result.timeStep })
            .execute();
          if (!claimed.affected) return false;
          if (!authenticator.enabledAt) issued = await this.issueRecoveryCodes(tx, userId);
          return true;
        }));
      if (!taken) return this.refuse(ip, key);
    } else {
      // Recovery codes only once the authenticator is active (they are made with it).
      const used =
        authenticator.enabledAt &&
        (
          await this.recoveryCodes.update(
            { userId, codeHash: sha256(normalised(code)), usedAt: IsNull() },
            { usedAt: this.clock.now() },
          )
        ).affected;
      if (!used) return this.refuse(ip, key);
    }
    await this.limiter.succeeded(ip, key);
    return issued;
  }

  private async refuse(ip: string, key: string): Promise<never> {
    await this.limiter.failed(ip, key);
    throw AuthException.mfaCodeInvalid();
  }

  private async issueRecoveryCodes(tx: EntityManager, userId: string): Promise<string[]> {
    await tx.delete(AdminRecoveryCode, { userId });
    const codes = Array.from({ length: RECOVERY_CODES }, () => {
      const hex = randomBytes(5).toString('hex').toUpperCase();
      return `${hex.slice(0, 5)}-${hex.slice(5)}`;
    });
    await tx.insert(
      AdminRecoveryCode,
      codes.map((code) => tx.create(AdminRecoveryCode, { userId, codeHash: sha256(normalised(code)), usedAt: null })),
    );
    return codes;
  }

  private encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.secretKey, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  private decrypt(stored: string): string {
    const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.secretKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
