import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import {
  ErrorCode,
  type ConsentDecision,
  type ConsentRecordResponse,
  type GuardianConsentOverview,
  type GuardianConsentState,
  type PrivacyNoticeResponse,
  type RecordConsentRequest,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { NotificationsService } from '../notifications/notifications.service';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { UsersService } from '../users/users.service';
import { GuardianConsent, PrivacyNotice } from './entities/consent.entity';
import { GuardianException } from './guardian.exception';
import { GuardiansService } from './guardians.service';
import { DataExportRegistry } from '../users/data-export.registry';

const NO_NOTICE: PrivacyNoticeResponse = { version: 0, text: '', publishedAt: null };

/**
 * Consent (issue 41): the school's privacy notice, versioned, and each guardian's answer per child, kept as records.
 * The one rule others ask is `optionalMailAllowed`: only a guardian whose latest answer for the child is "given"
 * receives optional e-mails about them; absence and safety notices do not ask (they are sent whatever the answer).
 */
@Injectable()
export class ConsentService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(PrivacyNotice) private readonly notices: Repository<PrivacyNotice>,
    @InjectRepository(GuardianConsent) private readonly consents: Repository<GuardianConsent>,
    private readonly guardians: GuardiansService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly clock: Clock,
    private readonly exports: DataExportRegistry,
  ) {}

  onModuleInit(): void {
    this.exports.register('consents', (menteeId) => this.recordsOf(menteeId));
    this.notifications.useFamilyConsent({
      optionalMailAllowed: (tx, guardianId, menteeId) => this.optionalMailAllowed(tx, guardianId, menteeId),
      optionalMailAllowedForAll: (tx, guardianId) => this.optionalMailAllowedForAll(tx, guardianId),
    });
    // An erased guardian's or student's answers go with them.
    this.cleanup.register(CLEANUP_ORDER.guardianConsents, async (user, tx) => {
      await tx.delete(GuardianConsent, user.role === 'guardian' ? { guardianId: user.id } : { menteeId: user.id });
      return {};
    });
  }

  /** The current notice (version 0: none published yet). */
  async notice(tx: EntityManager = this.db.manager): Promise<PrivacyNoticeResponse> {
    const [latest] = await tx.find(PrivacyNotice, { order: { version: 'DESC' }, take: 1 });
    return latest ? { version: latest.version, text: latest.text, publishedAt: iso(latest.publishedAt) } : NO_NOTICE;
  }

  /** A new version of the notice: every guardian is asked again at their next visit. */
  async publish(text: string, actor: AuthUser): Promise<PrivacyNoticeResponse> {
    await this.db.transaction(async (tx) => {
      const version = (await this.notice(tx)).version + 1;
      await tx.insert(
        PrivacyNotice,
        tx.create(PrivacyNotice, { version, text, publishedById: actor.id, publishedAt: this.clock.now() }),
      );
      await this.audit.record(tx, actor, 'privacy.publish', {
        type: 'privacy-notice',
        id: String(version),
        label: `Privacy notice, version ${version}`,
      });
    });
    return this.notice();
  }

  /** The notice and where the guardian stands for each of their children. */
  async overview(me: AuthUser): Promise<GuardianConsentOverview> {
    const [notice, children] = await Promise.all([this.notice(), this.guardians.children(me)]);
    const latest = await this.latestOf(
      me.id,
      children.map((c) => c._id),
    );
    return {
      notice,
      children: children.map((c) => toState(c._id, c.fullName, latest.get(c._id), notice.version)),
    };
  }

  /**
   * The guardian's answer for a child, for the notice version they read (a newer one is refused: they read it first).
   * Refusing after having given consent is recorded as a withdrawal.
   */
  async record(
    me: AuthUser,
    menteeId: string,
    dto: RecordConsentRequest,
    ipAddress: string | null,
  ): Promise<GuardianConsentState> {
    const child = await this.guardians.assertChild(me.id, menteeId);
    const saved = await this.db.transaction(async (tx) => {
      const notice = await this.notice(tx);
      if (!notice.version || notice.version !== dto.noticeVersion)
        throw new GuardianException(
          ErrorCode.PrivacyNoticeChanged,
          notice.version
            ? `The privacy notice is now at version ${notice.version}: read it, then answer again`
            : 'The school has not published a privacy notice yet',
        );
      const latest = (await this.latestOf(me.id, [menteeId], tx)).get(menteeId);
      const decision: ConsentDecision =
        dto.decision === 'refused' && latest?.decision === 'given' ? 'withdrawn' : dto.decision;
      const row = tx.create(GuardianConsent, {
        guardianId: me.id,
        menteeId,
        seq: (latest?.seq ?? 0) + 1,
        decision,
        noticeVersion: notice.version,
        ipAddress,
        createdAt: this.clock.now(),
      });
      await tx.insert(GuardianConsent, row);
      return { row, version: notice.version };
    });
    return toState(menteeId, child.user?.fullName ?? '', saved.row, saved.version);
  }

  /** Every answer given for a student, newest first, as admins see them. */
  async recordsOf(menteeId: string): Promise<ConsentRecordResponse[]> {
    const rows = await this.consents.find({ where: { menteeId }, order: { createdAt: 'DESC', seq: 'DESC' } });
    const accounts = new Map(
      (await this.users.findByIds([...new Set(rows.map((r) => r.guardianId))])).map((u) => [u.id, u]),
    );
    return rows.map((r) => ({
      _id: r.id,
      menteeId: r.menteeId,
      guardianId: r.guardianId,
      guardianName: accounts.get(r.guardianId)?.fullName ?? '',
      guardianEmail: accounts.get(r.guardianId)?.email ?? '',
      decision: r.decision,
      noticeVersion: r.noticeVersion,
      ipAddress: r.ipAddress,
      createdAt: iso(r.createdAt)!,
    }));
  }

  /** Whether the guardian may receive optional e-mails about the child: their latest answer is "given". */
  async optionalMailAllowed(tx: EntityManager, guardianId: string, menteeId: string): Promise<boolean> {
    return (await this.latestOf(guardianId, [menteeId], tx)).get(menteeId)?.decision === 'given';
  }

  /** Whether the guardian has consented for every child of theirs (a digest may tell of any of them). */
  async optionalMailAllowedForAll(tx: EntityManager, guardianId: string): Promise<boolean> {
    const children = await this.guardians.childIdsOf(guardianId, tx);
    if (!children.length) return false;
    const latest = await this.latestOf(guardianId, children, tx);
    return children.every((id) => latest.get(id)?.decision === 'given');
  }

  /** The guardian's latest answer per child. */
  private async latestOf(
    guardianId: string,
    menteeIds: string[],
    tx: EntityManager = this.db.manager,
  ): Promise<Map<string, GuardianConsent>> {
    if (!menteeIds.length) return new Map();
    const rows = await tx.find(GuardianConsent, {
      where: { guardianId, menteeId: In(menteeIds) },
      order: { seq: 'ASC' },
    });
    return new Map(rows.map((r) => [r.menteeId, r]));
  }
}

function toState(
  childId: string,
  childName: string,
  latest: GuardianConsent | undefined,
  currentVersion: number,
): GuardianConsentState {
  return {
    childId,
    childName,
    decision: latest?.decision ?? null,
    noticeVersion: latest?.noticeVersion ?? null,
    decidedAt: latest ? iso(latest.createdAt) : null,
    current: !!latest && latest.noticeVersion === currentVersion,
  };
}
