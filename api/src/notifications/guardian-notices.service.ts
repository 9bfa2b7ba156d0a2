import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { UserLanguage } from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { Wired, assertWired } from '../common/wired';
import { CalendarService } from '../calendar/calendar.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { day as schoolDay, render, text } from '../i18n/texts';
import { GuardianNoticeSetting, MailDelivery } from './entities/notification.entity';
import { MailDeliveryService } from './mail-delivery.service';
import { NotificationException } from './notification.exception';
import { UserDirectory, type AccountContact, type StudentContact } from '../users/user-directory.service';
import { NotificationsService } from './notifications.service';

/** Whether a guardian absence notice is still true when it comes due: still absent that day, and not on approved leave. */
export type GuardianCheck = (menteeId: string, day: string) => Promise<boolean>;
/** A new single-use link (its address) with which the notice's reader answers the absence (the attendance module's). */
export type AnswerLinkMaker = (tx: EntityManager, menteeId: string, day: string, email: string) => Promise<string>;

/** Each student's linked guardian accounts (the guardians module's links), by student id. */
export type GuardiansOf = (tx: EntityManager, menteeIds: string[]) => Promise<Map<string, string[]>>;

/**
 * Guardian absence notices: an e-mail to a student's guardian some time after the student was marked absent, once a
 * day, checked again when due (the attendance module's answer), and the admins' switch of them per student (audited).
 */
@Injectable()
export class GuardianNoticesService implements OnModuleInit, OnApplicationBootstrap {
  /** Asked when a guardian notice comes due (the attendance module's answer); unwired, the start fails. */
  private readonly guardianCheck = new Wired<GuardianCheck>('the guardian notice check (attendance module)');
  private readonly answerLink = new Wired<AnswerLinkMaker>('the absence answer link (attendance module)');
  private readonly guardiansOf = new Wired<GuardiansOf>("a student's guardians (guardians module)");

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(GuardianNoticeSetting) private readonly settings: Repository<GuardianNoticeSetting>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailDeliveryService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly directory: UserDirectory,
    private readonly calendar: CalendarService,
    private readonly clock: Clock,
  ) {}

  useGuardianCheck(fn: GuardianCheck): void {
    this.guardianCheck.set(fn);
  }

  useAnswerLink(fn: AnswerLinkMaker): void {
    this.answerLink.set(fn);
  }

  useGuardiansOf(fn: GuardiansOf): void {
    this.guardiansOf.set(fn);
  }

  onModuleInit(): void {
    this.mail.checkWhenDue('guardian.absence', (d) => this.guardianStillDue(d));
  }

  /** Nothing fails open: a notice sent without its re-check could tell a guardian of a corrected absence. */
  onApplicationBootstrap(): void {
    assertWired(this.guardianCheck, this.answerLink, this.guardiansOf);
  }

  /**
   * A guardian absence notice for a student absent on `day`, due after the configured delay, when their notices are
   * on: to the guardian address of their record and to each guardian linked to them at their own address, each in
   * that guardian's language (the student's for an address without an account); one per address per student per day.
   */
  async queueGuardianAbsence(tx: EntityManager, menteeIds: string[], day: string): Promise<number> {
    if (!menteeIds.length) return 0;
    const mentees = await this.directory.students(tx, menteeIds);
    const off = new Set(
      (await tx.find(GuardianNoticeSetting, { where: { menteeId: In(menteeIds), enabled: false } })).map(
        (s) => s.menteeId,
      ),
    );
    const linked = await this.guardiansOf.get()(tx, menteeIds);
    const accounts = new Map(
      (await this.directory.contacts(tx, [...new Set([...linked.values()].flat())])).map((a) => [a.id, a]),
    );
    const sendAfter = new Date(this.clock.now().getTime() + this.config.mail.guardianDelayMinutes * 60_000);
    const contact = await this.contact();
    let queued = 0;
    for (const m of mentees) {
      if (off.has(m.id) || !m.account) continue;
      for (const r of this.recipients(m, linked.get(m.id) ?? [], accounts, day)) {
        // Already told (the day's register saved again): no second notice, no second link.
        if (await tx.existsBy(MailDelivery, { dedupeKey: r.dedupeKey })) continue;
        const say = (...args: Parameters<typeof text>) => render(text(...args), r.language);
        const name = m.account.fullName;
        // A link per notice: whoever reads the e-mail answers without signing in (no account needed).
        const link = await this.answerLink.get()(tx, m.id, day, r.to);
        const id = await this.mail.queueMail(tx, {
          kind: 'guardian.absence',
          to: r.to,
          subject: say('mail.guardian.subject', { name, day: schoolDay(day) }),
          text: [
            say('mail.guardian.greeting'),
            '',
            say('mail.guardian.absent', { name, day: schoolDay(day) }),
            '',
            say('mail.guardian.answer'),
            link,
            '',
            say('mail.guardian.contact', { address: contact }),
            '',
            say('mail.guardian.automatic'),
          ].join('\n'),
          sendAfter,
          dedupeKey: r.dedupeKey,
          menteeId: m.id,
          day,
        });
        if (id) queued++;
      }
    }
    return queued;
  }

  /**
   * Who a student's absence notice goes to: the record's guardian address (its key as before linked guardians), then
   * each linked guardian at an address not already told; the language is the account's when the address has one.
   */
  private recipients(
    m: StudentContact,
    guardianIds: string[],
    accounts: Map<string, AccountContact>,
    day: string,
  ): { to: string; language: UserLanguage; dedupeKey: string }[] {
    const theirs = guardianIds.flatMap((id) => accounts.get(id) ?? []);
    const out: { to: string; language: UserLanguage; dedupeKey: string }[] = [];
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const primary = m.guardianEmail?.trim();
    if (primary) {
      const account = theirs.find((a) => same(a.email, primary));
      out.push({
        to: primary,
        language: account?.language ?? m.account!.language,
        dedupeKey: `guardian:${m.id}:${day}`,
      });
    }
    for (const a of theirs)
      if (!out.some((r) => same(r.to, a.email)))
        out.push({ to: a.email, language: a.language, dedupeKey: `guardian:${m.id}:${day}:${a.id}` });
    return out;
  }

  /**
   * How a guardian reaches the school (the notice says only the name, the day and this, nothing of the student's
   * records): the office address an admin set, else the sender's (MAIL_FROM).
   */
  private async contact(): Promise<string> {
    const set = (await this.calendar.rules()).contactEmail;
    if (set) return set;
    const from = this.config.mail.from;
    return from.match(/<([^>]+)>/)?.[1] ?? from;
  }

  private async guardianStillDue(d: MailDelivery): Promise<boolean> {
    if (!d.menteeId || !d.day) return false;
    const setting = await this.settings.findOneBy({ menteeId: d.menteeId });
    if (setting && !setting.enabled) return false;
    return this.guardianCheck.get()(d.menteeId, d.day);
  }

  async guardianNotices(menteeId: string): Promise<{ enabled: boolean }> {
    await this.mentee(this.db.manager, menteeId);
    const s = await this.settings.findOneBy({ menteeId });
    return { enabled: s?.enabled ?? true };
  }

  /** Switched by an admin and audited in the same transaction. */
  async setGuardianNotices(me: AuthUser, menteeId: string, enabled: boolean): Promise<{ enabled: boolean }> {
    await this.db.transaction(async (tx) => {
      const m = await this.mentee(tx, menteeId);
      const before = (await tx.findOneBy(GuardianNoticeSetting, { menteeId }))?.enabled ?? true;
      if (before === enabled) return;
      await tx.save(tx.create(GuardianNoticeSetting, { menteeId, enabled }));
      await this.audit.record(
        tx,
        me,
        'user.guardian-notifications',
        { type: 'user', id: menteeId, label: m.account?.fullName ?? menteeId },
        { guardianNotifications: { from: before, to: enabled } },
      );
    });
    return { enabled };
  }

  private async mentee(tx: EntityManager, menteeId: string): Promise<StudentContact> {
    const [m] = await this.directory.students(tx, [menteeId]);
    if (!m || m.account?.role !== 'mentee') throw NotificationException.notAMentee();
    return m;
  }
}
