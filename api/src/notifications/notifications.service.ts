import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EMAIL_DEFAULTS,
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_SIZE,
  type MailDeliveryResponse,
  type MailKind,
  type MailLogResponse,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationResponse,
  type Role,
  type RecordChangedEvent,
  type ServerToClientEvents,
  type UnreadCountResponse,
} from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { iso } from '../common/dates';
import { Wired, assertWired } from '../common/wired';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OutboxService, type OutboxRun } from '../outbox/outbox.service';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import { User } from '../users/entities/user.entity';
import type { MailLogQueryDto } from './dto/mail-log.query.dto';
import type { NotificationPageQueryDto } from './dto/notification-page.query.dto';
import {
  GuardianNoticeSetting,
  MailDelivery,
  Notification,
  NotificationPreference,
} from './entities/notification.entity';
import { MailService } from './mail.service';
import { NotificationException } from './notification.exception';

/** What one event tells its recipients: in the inbox, and by e-mail to those who want it. */
export interface NotificationInput {
  kind: NotificationKind;
  title: string;
  body?: string;
  /** The portal path of the record, e.g. "/leaves". */
  link?: string | null;
  /**
   * What the e-mail says instead of the title and body (a confidential or name-withheld grievance: the ticket number
   * only, since a family device is shared). The inbox, behind sign-in, still shows the title and body.
   */
  mailSummary?: string;
  /** The name-withheld grievance it is about: the delivery log blanks the e-mail until that grievance's reveal. */
  withheldRef?: string | null;
}

/** Who a socket event is for: these users' sockets and every socket of these roles, on every instance. */
export interface PushAudience {
  users?: string[];
  roles?: Role[];
}

/** Pushes a socket event to an audience's sockets (provided by the realtime module, checked at start). */
export type NotificationPusher = <E extends 'notification' | 'notificationsRead' | 'recordChanged'>(
  to: PushAudience,
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
) => void;
/** Whether a guardian absence notice is still true when it comes due: still absent that day, and not on approved leave. */
export type GuardianCheck = (menteeId: string, day: string) => Promise<boolean>;

const JOB_PUSH = 'notifications.push';
const JOB_FANOUT = 'notifications.fanout';
const JOB_MAIL = 'mail.send';
const JOB_RECORD = 'realtime.recordChanged';
/** Attempts of one e-mail before it is 'failed': about 18 hours of retries. */
export const MAIL_MAX_ATTEMPTS = 24;
/** Rows per INSERT statement of a fan-out. */
const FANOUT_BATCH = 500;

const toResponse = (n: Notification): NotificationResponse => ({
  _id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  read: n.readAt !== null,
  createdAt: iso(n.createdAt)!,
});

/** A reset link's token is not shown in the delivery log (the link is the account). */
const maskToken = (text: string) => text.replace(/token=[A-Za-z0-9_-]+/g, 'token=••••••');

@Injectable()
export class NotificationsService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Notifications');
  private push: NotificationPusher | null = null;
  /** Asked when a guardian notice comes due (the attendance module's answer); unwired, the start fails. */
  private readonly guardianCheck = new Wired<GuardianCheck>('the guardian notice check (attendance module)');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly audit: AuditService,
  ) {}

  usePusher(fn: NotificationPusher): void {
    this.push = fn;
  }

  useGuardianCheck(fn: GuardianCheck): void {
    this.guardianCheck.set(fn);
  }

  /** Nothing fails open: without the realtime module's pusher nobody would be told live, so the start fails. */
  onApplicationBootstrap(): void {
    if (!this.push) throw new Error('NotificationsService: no socket pusher (the realtime module provides it)');
    assertWired(this.guardianCheck);
  }

  onModuleInit(): void {
    // A record's viewers refetch it after the change commits (sent to those its owner's rule named).
    this.outbox.register<RecordChangedEvent & PushAudience>(
      JOB_RECORD,
      async ({ type, id, users, roles }) => this.push?.({ users, roles }, 'recordChanged', { type, id }),
      { atOnce: true },
    );
    // Run at once by the instance that wrote the rows, which it hands over: the push follows the commit.
    this.outbox.register<{ ids: string[] }, Notification[]>(
      JOB_PUSH,
      (p, _run, rows) => this.pushNotifications(p.ids, rows),
      { atOnce: true },
    );
    this.outbox.register<FanoutPayload>(JOB_FANOUT, (p) => this.fanout(p));
    // An SMTP outage of most of a day delays mail without losing it (backoff capped at an hour).
    this.outbox.register<{ deliveryId: string }>(JOB_MAIL, (p, run) => this.deliver(p.deliveryId, run), {
      maxAttempts: MAIL_MAX_ATTEMPTS,
    });
    // The account's inbox, choices and mail go with it (not listed in the delete answer: nothing anyone made).
    this.cleanup.register(CLEANUP_ORDER.passwordResets + 5, async (user, tx) => {
      await tx.delete(Notification, { userId: user.id });
      await tx.delete(NotificationPreference, { userId: user.id });
      await tx.delete(MailDelivery, { userId: user.id });
      if (user.role === 'mentee') {
        await tx.delete(GuardianNoticeSetting, { menteeId: user.id });
        await tx.delete(MailDelivery, { menteeId: user.id });
      }
      return {};
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Writing (in the caller's transaction)

  /**
   * Tells these users of an event, in the caller's transaction: their inbox rows, e-mails per their preferences, and a
   * socket push after commit (an outbox job). Repeated and empty ids are ignored.
   */
  async notify(tx: EntityManager, userIds: (string | null | undefined)[], input: NotificationInput): Promise<void> {
    const ids = [...new Set(userIds.filter((id): id is string => !!id))];
    if (!ids.length) return;
    const rows = await this.insertNotifications(tx, ids, input);
    await this.outbox.enqueue(tx, { kind: JOB_PUSH, payload: { ids: rows.map((r) => r.id) }, local: rows });
    await this.queueMailFor(tx, ids, input);
  }

  /**
   * Tells every active user of these roles (but `except`), for audiences too large for the request's transaction:
   * one outbox job, run by the worker in batches.
   */
  /**
   * In the caller's transaction: after it commits, `to` (the people the record's owning module lets see it) are told
   * that it changed, so their screens refetch it.
   */
  async recordChanged(tx: EntityManager, change: RecordChangedEvent, to: PushAudience): Promise<void> {
    const users = [...new Set((to.users ?? []).filter(Boolean))];
    if (!users.length && !to.roles?.length) return;
    await this.outbox.enqueue(tx, { kind: JOB_RECORD, payload: { ...change, users, roles: to.roles ?? [] } });
  }

  /** A name-withheld grievance's identity was revealed: its e-mails show in the delivery log from now on. */
  async revealDeliveries(tx: EntityManager, ref: string): Promise<void> {
    await tx.update(MailDelivery, { withheldRef: ref }, { withheldRef: null });
  }

  async notifyRoles(tx: EntityManager, roles: Role[], input: NotificationInput, except?: string): Promise<void> {
    if (!roles.length) return;
    await this.outbox.enqueue(tx, { kind: JOB_FANOUT, payload: { roles, except: except ?? null, input } });
  }

  /** Every active admin (an account awaiting approval). */
  async notifyAdmins(tx: EntityManager, input: NotificationInput): Promise<void> {
    const admins = await tx.find(User, { select: { id: true }, where: { role: 'admin', isActive: true } });
    await this.notify(
      tx,
      admins.map((a) => a.id),
      input,
    );
  }

  /** An e-mail only (a reset link), written in the caller's transaction and sent by the worker. */
  async queueMail(
    tx: EntityManager,
    mail: {
      kind: MailKind;
      to: string;
      subject: string;
      text: string;
      userId?: string | null;
      sendAfter?: Date;
      dedupeKey?: string;
      menteeId?: string;
      day?: string;
      withheldRef?: string | null;
    },
  ): Promise<string | null> {
    const row = tx.create(MailDelivery, {
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject.slice(0, 255),
      text: mail.text,
      userId: mail.userId ?? null,
      status: 'pending',
      attempts: 0,
      lastError: null,
      sendAfter: mail.sendAfter ?? new Date(),
      sentAt: null,
      dedupeKey: mail.dedupeKey ?? null,
      menteeId: mail.menteeId ?? null,
      day: mail.day ?? null,
      withheldRef: mail.withheldRef ?? null,
    });
    if (mail.dedupeKey) {
      // At most one per key: a second save of the same day's register adds nothing.
      await tx.createQueryBuilder().insert().into(MailDelivery).values(row).orIgnore().execute();
      const kept = await tx.findOne(MailDelivery, { select: { id: true }, where: { dedupeKey: mail.dedupeKey } });
      if (kept?.id !== row.id) return null;
    } else {
      await tx.insert(MailDelivery, row);
    }
    await this.outbox.enqueue(tx, { kind: JOB_MAIL, payload: { deliveryId: row.id }, runAfter: row.sendAfter });
    return row.id;
  }

  /**
   * A guardian absence notice for a student absent on `day`, due after the configured delay, when the student has a
   * guardian address and their notices are on; one per student per day.
   */
  async queueGuardianAbsence(tx: EntityManager, menteeIds: string[], day: string, now = new Date()): Promise<number> {
    if (!menteeIds.length) return 0;
    const mentees = await tx.find(MenteeProfile, { where: { id: In(menteeIds) }, relations: { user: true } });
    const off = new Set(
      (await tx.find(GuardianNoticeSetting, { where: { menteeId: In(menteeIds), enabled: false } })).map(
        (s) => s.menteeId,
      ),
    );
    const sendAfter = new Date(now.getTime() + this.config.mail.guardianDelayMinutes * 60_000);
    let queued = 0;
    for (const m of mentees) {
      const to = m.parentInfo?.email?.trim();
      if (!to || off.has(m.id) || !m.user) continue;
      const id = await this.queueMail(tx, {
        kind: 'guardian.absence',
        to,
        subject: `Absence: ${m.user.fullName}, ${day}`,
        text: this.guardianText(m.user.fullName, day),
        sendAfter,
        dedupeKey: `guardian:${m.id}:${day}`,
        menteeId: m.id,
        day,
      });
      if (id) queued++;
    }
    return queued;
  }

  /** Only the name, the day and how to reach the school: nothing of the student's records. */
  private guardianText(name: string, day: string): string {
    return [
      'Dear parent or guardian,',
      '',
      `${name} was marked absent from school on ${day}.`,
      '',
      `If you have any questions, please contact the school office at ${this.contact()}.`,
      '',
      'This is an automatic message from the Mentor Portal.',
    ].join('\n');
  }

  /** The school's address: the sender's (MAIL_FROM). */
  private contact(): string {
    const from = this.config.mail.from;
    return from.match(/<([^>]+)>/)?.[1] ?? from;
  }

  private async insertNotifications(
    tx: EntityManager,
    userIds: string[],
    input: NotificationInput,
  ): Promise<Notification[]> {
    // One time for the event, to the millisecond (a database default would round it to the second on SQLite).
    const createdAt = new Date();
    const rows = userIds.map((userId) =>
      tx.create(Notification, {
        createdAt,
        userId,
        kind: input.kind,
        title: input.title.slice(0, 200),
        body: input.body ?? '',
        link: input.link ?? null,
        readAt: null,
      }),
    );
    for (let i = 0; i < rows.length; i += FANOUT_BATCH)
      await tx
        .createQueryBuilder()
        .insert()
        .into(Notification)
        .values(rows.slice(i, i + FANOUT_BATCH))
        .execute();
    return rows;
  }

  /** E-mail to those of these users whose preference for the kind is on (EMAIL_DEFAULTS where they chose nothing). */
  private async queueMailFor(tx: EntityManager, userIds: string[], input: NotificationInput): Promise<void> {
    const prefs = new Map(
      (await tx.find(NotificationPreference, { where: { userId: In(userIds), kind: input.kind } })).map((p) => [
        p.userId,
        p.email,
      ]),
    );
    const wanted = userIds.filter((id) => prefs.get(id) ?? EMAIL_DEFAULTS[input.kind]);
    if (!wanted.length) return;
    const users = await tx.find(User, { select: { id: true, email: true, fullName: true }, where: { id: In(wanted) } });
    for (const u of users)
      await this.queueMail(tx, {
        kind: input.kind,
        to: u.email,
        subject: input.mailSummary ?? input.title,
        text: this.notificationText(u.fullName, input),
        userId: u.id,
        withheldRef: input.withheldRef,
      });
  }

  private notificationText(name: string, input: NotificationInput): string {
    return [
      input.mailSummary ? 'Hello,' : `Hello ${name},`,
      '',
      ...(input.mailSummary ? [input.mailSummary] : [input.title, ...(input.body ? ['', input.body] : [])]),
      ...(input.link ? ['', `Open it in the portal: ${this.config.mail.publicUrl}${input.link}`] : []),
      '',
      'You can choose which e-mails you receive under Notifications in the portal.',
    ].join('\n');
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The worker's jobs

  /** `written`: the rows as their writer inserted them (a run at once); otherwise they are read back. */
  private async pushNotifications(ids: string[], written?: Notification[]): Promise<void> {
    if (!ids.length) return;
    const rows = written ?? (await this.db.getRepository(Notification).findBy({ id: In(ids) }));
    const counts = await this.unreadCounts([...new Set(rows.map((r) => r.userId))]);
    for (const n of rows)
      this.push?.({ users: [n.userId] }, 'notification', {
        notification: toResponse(n),
        unreadCount: counts.get(n.userId) ?? 0,
      });
  }

  private async fanout(p: FanoutPayload): Promise<void> {
    // One transaction: a retry after a failure starts again from nothing (no one told twice).
    const ids: string[] = [];
    await this.db.transaction(async (tx) => {
      let after = '';
      for (;;) {
        const qb = tx
          .getRepository(User)
          .createQueryBuilder('u')
          .select('u.id', 'id')
          .where('u.role IN (:...roles) AND u.isActive = :active', { roles: p.roles, active: true })
          .andWhere('u.id > :after', { after })
          .orderBy('u.id', 'ASC')
          .limit(FANOUT_BATCH);
        const batch = (await qb.getRawMany<{ id: string }>()).map((r) => r.id);
        if (!batch.length) break;
        after = batch[batch.length - 1];
        const to = batch.filter((id) => id !== p.except);
        const rows = await this.insertNotifications(tx, to, p.input);
        ids.push(...rows.map((r) => r.id));
        await this.queueMailFor(tx, to, p.input);
      }
      for (let i = 0; i < ids.length; i += FANOUT_BATCH)
        await this.outbox.enqueue(tx, { kind: JOB_PUSH, payload: { ids: ids.slice(i, i + FANOUT_BATCH) } });
    });
  }

  /**
   * Sends one delivery (once: the outbox job is claimed by one instance). A guardian notice is checked again first.
   * A failure is recorded on the delivery and thrown, so that the outbox retries it after its backoff.
   */
  private async deliver(id: string, run: OutboxRun): Promise<void> {
    const repo = this.db.getRepository(MailDelivery);
    const d = await repo.findOneBy({ id });
    if (!d || d.status !== 'pending') return;
    if (d.kind === 'guardian.absence' && !(await this.guardianStillDue(d))) {
      await repo.update({ id, status: 'pending' }, { status: 'cancelled' });
      return;
    }
    if (!this.mail.configured) {
      await repo.update({ id, status: 'pending' }, { status: 'kept', attempts: d.attempts + 1 });
      return;
    }
    try {
      await this.mail.send({ to: d.to, subject: d.subject, text: d.text });
    } catch (e) {
      const lastError = ((e as Error)?.message ?? String(e)).slice(0, 2000);
      await repo.update(
        { id, status: 'pending' },
        run.final
          ? { status: 'failed', attempts: d.attempts + 1, lastError }
          : { attempts: d.attempts + 1, lastError, sendAfter: run.retryAt! },
      );
      throw e;
    }
    await repo.update({ id, status: 'pending' }, { status: 'sent', attempts: d.attempts + 1, sentAt: run.now });
  }

  private async guardianStillDue(d: MailDelivery): Promise<boolean> {
    if (!d.menteeId || !d.day) return false;
    const setting = await this.db.getRepository(GuardianNoticeSetting).findOneBy({ menteeId: d.menteeId });
    if (setting && !setting.enabled) return false;
    return this.guardianCheck.get()(d.menteeId, d.day);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The inbox

  async page(me: AuthUser, q: NotificationPageQueryDto): Promise<NotificationPage> {
    const limit = q.limit ?? NOTIFICATION_PAGE_SIZE;
    const repo = this.db.getRepository(Notification);
    const qb = repo
      .createQueryBuilder('n')
      .where('n.userId = :me', { me: me.id })
      .orderBy('n.createdAt', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .limit(limit + 1);
    if (q.before) {
      const anchor = await repo.findOneBy({ id: q.before, userId: me.id });
      if (!anchor) throw NotificationException.notFound();
      // Compared with the stored value itself (not a re-encoded time), so the order is exact on both databases.
      const at = 'SELECT a.createdAt FROM notifications a WHERE a.id = :anchor';
      qb.andWhere(`(n.createdAt < (${at}) OR (n.createdAt = (${at}) AND n.id < :anchor))`, { anchor: anchor.id });
    }
    const rows = await qb.getMany();
    return {
      notifications: rows.slice(0, limit).map(toResponse),
      unreadCount: await this.unreadCount(me.id),
      hasMore: rows.length > limit,
    };
  }

  async unreadCount(userId: string): Promise<number> {
    return this.db.getRepository(Notification).countBy({ userId, readAt: IsNull() });
  }

  private async unreadCounts(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.db
      .getRepository(Notification)
      .createQueryBuilder('n')
      .select('n.userId', 'userId')
      .addSelect('COUNT(*)', 'count')
      .where('n.userId IN (:...userIds) AND n.readAt IS NULL', { userIds })
      .groupBy('n.userId')
      .getRawMany<{ userId: string; count: string | number }>();
    return new Map(rows.map((r) => [r.userId, Number(r.count)]));
  }

  /** Someone else's notification is "not found": its existence is not revealed. */
  async markRead(me: AuthUser, id: string): Promise<NotificationResponse> {
    const repo = this.db.getRepository(Notification);
    const n = await repo.findOneBy({ id, userId: me.id });
    if (!n) throw NotificationException.notFound();
    if (!n.readAt) {
      await repo.update({ id, userId: me.id, readAt: IsNull() }, { readAt: new Date() });
      this.push?.({ users: [me.id] }, 'notificationsRead', { unreadCount: await this.unreadCount(me.id) });
    }
    return toResponse((await repo.findOneBy({ id }))!);
  }

  async markAllRead(me: AuthUser): Promise<UnreadCountResponse> {
    await this.db.getRepository(Notification).update({ userId: me.id, readAt: IsNull() }, { readAt: new Date() });
    const unreadCount = await this.unreadCount(me.id);
    this.push?.({ users: [me.id] }, 'notificationsRead', { unreadCount });
    return { unreadCount };
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    const rows = await this.db.getRepository(NotificationPreference).findBy({ userId });
    const email = { ...EMAIL_DEFAULTS };
    for (const r of rows) if ((NOTIFICATION_KINDS as readonly string[]).includes(r.kind)) email[r.kind] = r.email;
    return { email };
  }

  async setPreferences(
    me: AuthUser,
    email: Partial<Record<NotificationKind, boolean>>,
  ): Promise<NotificationPreferences> {
    await this.db.transaction(async (tx) => {
      for (const [kind, value] of Object.entries(email) as [NotificationKind, boolean | undefined][]) {
        if (typeof value !== 'boolean') continue;
        const res = await tx.update(NotificationPreference, { userId: me.id, kind }, { email: value });
        if (!res.affected)
          await tx
            .createQueryBuilder()
            .insert()
            .into(NotificationPreference)
            .values({ id: randomUUID(), userId: me.id, kind, email: value })
            .orUpdate(['email'], ['userId', 'kind'])
            .execute();
      }
    });
    return this.preferences(me.id);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Admins

  async mailLog(q: MailLogQueryDto): Promise<MailLogResponse> {
    const page = q.page ?? 1;
    const limit = q.limit ?? 20;
    const qb = this.db
      .getRepository(MailDelivery)
      .createQueryBuilder('d')
      .orderBy('d.createdAt', 'DESC')
      .addOrderBy('d.id', 'DESC')
      .skip((page - 1) * limit)
      .take(limit);
    if (q.status) qb.andWhere('d.status = :status', { status: q.status });
    if (q.kind) qb.andWhere('d.kind = :kind', { kind: q.kind });
    const [rows, total] = await qb.getManyAndCount();
    return {
      // A name-withheld grievance's e-mails name the student by their address: blank until the audited reveal.
      deliveries: rows.map((d): MailDeliveryResponse => ({
        _id: d.id,
        kind: d.kind,
        to: d.withheldRef ? '' : d.to,
        subject: d.withheldRef ? 'Grievance e-mail (name withheld)' : d.subject,
        text: d.withheldRef ? '' : d.kind === 'password.reset' ? maskToken(d.text) : d.text,
        withheld: !!d.withheldRef,
        status: d.status,
        attempts: d.attempts,
        lastError: d.lastError,
        sendAfter: iso(d.sendAfter)!,
        sentAt: iso(d.sentAt),
        createdAt: iso(d.createdAt)!,
      })),
      total,
      page,
      limit,
      smtpConfigured: this.mail.configured,
    };
  }

  private async mentee(tx: EntityManager, menteeId: string): Promise<MenteeProfile> {
    const m = await tx.findOne(MenteeProfile, { where: { id: menteeId }, relations: { user: true } });
    if (!m || m.user?.role !== 'mentee') throw NotificationException.notAMentee();
    return m;
  }

  async guardianNotices(menteeId: string): Promise<{ enabled: boolean }> {
    await this.mentee(this.db.manager, menteeId);
    const s = await this.db.getRepository(GuardianNoticeSetting).findOneBy({ menteeId });
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
        { type: 'user', id: menteeId, label: m.user?.fullName ?? menteeId },
        { guardianNotifications: { from: before, to: enabled } },
      );
    });
    return { enabled };
  }
}

interface FanoutPayload {
  roles: Role[];
  except: string | null;
  input: NotificationInput;
}
