import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  NOTIFICATION_PAGE_SIZE,
  type NotificationKind,
  type NotificationPage,
  type NotificationResponse,
  type Role,
  type RecordChangedEvent,
  type ServerToClientEvents,
  type UnreadCountResponse,
  type UserLanguage,
} from '@portal/contracts';
import { DataSource, In, IsNull, LessThan, type EntityManager, type Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { Clock } from '../dates/clock';
import { RetentionRegistry } from '../retention/retention.registry';
import { CalendarService } from '../calendar/calendar.service';
import { iso } from '../dates/iso';
import { Wired, assertWired } from '../common/wired';
import { render, type Said } from '../i18n/texts';
import { OutboxService } from '../outbox/outbox.service';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { UserDirectory } from '../users/user-directory.service';
import { ErasureRegistry } from '../users/erasure.registry';
import { redactColumns } from '../common/erasure-text';
import type { NotificationPageQueryDto } from './dto/notification-page.query.dto';
import {
  GuardianNoticeSetting,
  MailDelivery,
  Notification,
  NotificationPreference,
} from './entities/notification.entity';
import { MailDeliveryService, type OutgoingMail } from './mail-delivery.service';
import { NotificationPreferencesService } from './notification-preferences.service';
import { NotificationException } from './notification.exception';

/** What one event tells its recipients: in the inbox, and by e-mail to those who want it. */
export interface NotificationInput {
  kind: NotificationKind;
  /** Messages of the server's catalogue (texts.ts), written in each recipient's language. */
  title: Said;
  body?: Said;
  /** The portal path of the record, e.g. "/leaves". */
  link?: string | null;
  /**
   * What the e-mail says instead of the title and body (a confidential or name-withheld grievance: the ticket number
   * only, since a family device is shared). The inbox, behind sign-in, still shows the title and body.
   */
  mailSummary?: Said;
  /** The name-withheld grievance it is about: the delivery log blanks the e-mail until that grievance's reveal. */
  withheldRef?: string | null;
  /** false: the inbox only, no e-mail whatever the reader's preference (a family that has not consented to it). */
  mail?: boolean;
  /** When the e-mail may go (the school's quiet hours for a guardian); now when omitted. */
  mailAfter?: Date | null;
  /**
   * A safety notice (an urgent announcement): a guardian is e-mailed at once whatever they chose, quiet hours
   * included; everyone else as they chose.
   */
  safety?: boolean;
  /** E-mailed to every recipient at once, whatever their preference (a reported message, to the safeguarding leads). */
  alwaysMail?: boolean;
}

/** The guardians module's consent rule, handed over at start (that module imports this one). */
export interface FamilyConsent {
  /** Whether a guardian may receive optional e-mails (beyond absence and safety notices) about this child. */
  optionalMailAllowed(tx: EntityManager, guardianId: string, menteeId: string): Promise<boolean>;
  /** Whether they may for every child of theirs (a daily digest may tell of any). */
  optionalMailAllowedForAll(tx: EntityManager, guardianId: string): Promise<boolean>;
}

/** Who a socket event is for: these users' sockets and every socket of these roles, on every instance. */
export interface PushAudience {
  users?: string[];
  roles?: Role[];
}

/**
 * The realtime module's Realtime, whose emit is the API's one way to a socket. Handed over at start (useRealtime):
 * that module imports this one, so this one names it by its shape only.
 */
export interface RealtimeEmitter {
  emit<E extends keyof ServerToClientEvents>(
    to: PushAudience,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
}

/** A student as a guardian notice needs them: their account (null: none) and their guardian's address. */
export interface StudentContact {
  id: string;
  account: { fullName: string; role: Role } | null;
  guardianEmail: string | undefined;
}

const JOB_PUSH = 'notifications.push';
const JOB_FANOUT = 'notifications.fanout';
const JOB_RECORD = 'realtime.recordChanged';
/** Rows per INSERT statement of a fan-out. */
const FANOUT_BATCH = 500;

/** In the reader's language; a row written before messages were kept, or whose message is gone, in its English. */
const toResponse = (n: Notification, language: UserLanguage | undefined): NotificationResponse => ({
  _id: n.id,
  kind: n.kind,
  title: n.message ? render(n.message.title, language, n.title) : n.title,
  body: n.message ? render(n.message.body, language, n.body) : n.body,
  link: n.link,
  read: n.readAt !== null,
  createdAt: iso(n.createdAt)!,
});

/**
 * The inbox: what other modules call to tell people of an event (inbox rows, their e-mail per their preferences, a
 * socket push after the commit), to tell screens a record changed, and each person's own inbox. E-mail itself is
 * MailDeliveryService's, guardian notices GuardianNoticesService's, e-mail choices NotificationPreferencesService's.
 */
@Injectable()
export class NotificationsService implements OnModuleInit, OnApplicationBootstrap {
  /** Nothing fails open: without it nobody would be told live, so the start fails (onApplicationBootstrap). */
  private readonly realtime = new Wired<RealtimeEmitter>('the socket push (realtime module)');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Notification) private readonly inbox: Repository<Notification>,
    private readonly outbox: OutboxService,
    private readonly mail: MailDeliveryService,
    private readonly preferences: NotificationPreferencesService,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly erasure: ErasureRegistry,
    private readonly directory: UserDirectory,
    private readonly calendar: CalendarService,
    private readonly clock: Clock,
    private readonly retention: RetentionRegistry,
  ) {}

  useRealtime(realtime: RealtimeEmitter): void {
    this.realtime.set(realtime);
  }

  private readonly consent = new Wired<FamilyConsent>("a family's consent (guardians module)");
  useFamilyConsent(consent: FamilyConsent): void {
    this.consent.set(consent);
  }
  /** FamilyConsent.optionalMailAllowed, for the notification map. */
  familyMayBeMailed(tx: EntityManager, guardianId: string, menteeId: string): Promise<boolean> {
    return this.consent.get().optionalMailAllowed(tx, guardianId, menteeId);
  }

  /** FamilyConsent.optionalMailAllowedForAll, for the daily digest. */
  familyMayBeMailedAll(tx: EntityManager, guardianId: string): Promise<boolean> {
    return this.consent.get().optionalMailAllowedForAll(tx, guardianId);
  }

  onApplicationBootstrap(): void {
    assertWired(this.realtime);
    assertWired(this.consent);
  }

  onModuleInit(): void {
    this.retention.register('notifications', {
      count: (cutoff) => this.inbox.countBy({ createdAt: LessThan(cutoff) }),
      purge: async (tx, cutoff) => (await tx.delete(Notification, { createdAt: LessThan(cutoff) })).affected ?? 0,
    });
    this.retention.register('deliveryLog', {
      count: (cutoff) => this.mail.countOlderThan(cutoff),
      purge: (tx, cutoff) => this.mail.purgeOlderThan(tx, cutoff),
    });
    // A record's viewers refetch it after the change commits (sent to those its owner's rule named): a job, as a
    // socket event sent inside the transaction could announce a change that is then rolled back.
    this.outbox.register<RecordChangedEvent & PushAudience>(
      JOB_RECORD,
      async ({ type, id, users, roles }) => this.realtime.get().emit({ users, roles }, 'recordChanged', { type, id }),
      { atOnce: true },
    );
    // Run at once by the instance that wrote the rows, which it hands over: the push follows the commit.
    this.outbox.register<{ ids: string[] }, Notification[]>(
      JOB_PUSH,
      (p, _run, rows) => this.pushNotifications(p.ids, rows),
      { atOnce: true },
    );
    this.outbox.register<FanoutPayload>(JOB_FANOUT, (p) => this.fanout(p));
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
    // Others' notices and e-mails that named an erased student keep their words, not the name: an e-mail still
    // waiting for one of the student's own addresses (a parent's, say) is not sent.
    this.erasure.register({ scrub: (subject, tx) => this.mail.erase(tx, subject.values) });
    this.erasure.register({
      scrub: async ({ values }, tx) => ({
        notifications: await redactColumns(tx.withRepository(this.inbox), ['title', 'body', 'message'], values),
      }),
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
    await this.mailTo(tx, ids, input);
  }

  /**
   * In the caller's transaction: after it commits, `to` (the people the record's owning module lets see it) are told
   * that it changed, so their screens refetch it.
   */
  async recordChanged(tx: EntityManager, change: RecordChangedEvent, to: PushAudience): Promise<void> {
    const users = [...new Set((to.users ?? []).filter(Boolean))];
    if (!users.length && !to.roles?.length) return;
    await this.outbox.enqueue(tx, { kind: JOB_RECORD, payload: { ...change, users, roles: to.roles ?? [] } });
  }

  /**
   * Tells every active user of these roles (but `except`), for audiences too large for the request's transaction:
   * one outbox job, run by the worker in batches.
   */
  async notifyRoles(tx: EntityManager, roles: Role[], input: NotificationInput, except?: string): Promise<void> {
    if (!roles.length) return;
    await this.outbox.enqueue(tx, { kind: JOB_FANOUT, payload: { roles, except: except ?? null, input } });
  }

  /** Every active admin (an account awaiting approval). */
  async notifyAdmins(tx: EntityManager, input: NotificationInput): Promise<void> {
    await this.notify(tx, await this.directory.activeIdsOfRoles(tx, ['admin']), input);
  }

  /** An e-mail only (a reset link): MailDeliveryService.queueMail, for the modules that call this service. */
  queueMail(tx: EntityManager, mail: OutgoingMail): Promise<string | null> {
    return this.mail.queueMail(tx, mail);
  }

  /** A name-withheld grievance's identity was revealed: its e-mails show in the delivery log from now on. */
  revealDeliveries(tx: EntityManager, ref: string): Promise<void> {
    return this.mail.revealDeliveries(tx, ref);
  }

  private async insertNotifications(
    tx: EntityManager,
    userIds: string[],
    input: NotificationInput,
  ): Promise<Notification[]> {
    // One time for the event, to the millisecond (a database default would round it to the second on SQLite).
    const createdAt = this.clock.now();
    const message =
      typeof input.title === 'string' && typeof input.body !== 'object'
        ? null
        : { title: input.title, body: input.body };
    const rows = userIds.map((userId) =>
      tx.create(Notification, {
        createdAt,
        userId,
        kind: input.kind,
        title: render(input.title).slice(0, 200),
        body: render(input.body),
        message,
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

  /**
   * E-mail to those of these users whose preference for the kind is on (EMAIL_DEFAULTS where they chose nothing). A
   * guardian's come as they chose: at once but not in the school's quiet hours, in the daily digest
   * (GuardianDigestService reads the inbox), or not at all; a safety notice comes to every guardian at once.
   */
  private async mailTo(tx: EntityManager, userIds: string[], input: NotificationInput): Promise<void> {
    if (input.mail === false) return;
    const wanted = new Set(await this.preferences.wantingEmail(tx, userIds, input.kind));
    const all = input.safety || input.alwaysMail;
    const contacts = await this.directory.contacts(tx, all ? userIds : userIds.filter((id) => wanted.has(id)));
    const guardians = contacts.filter((c) => c.role === 'guardian');
    const others = contacts.filter((c) => c.role !== 'guardian' && (input.alwaysMail || wanted.has(c.id)));
    if (others.length) await this.mail.queueMailFor(tx, others, input);
    if (!guardians.length) return;
    if (input.safety) return this.mail.queueMailFor(tx, guardians, { ...input, mailAfter: null });
    const chosen = await this.preferences.deliveries(
      tx,
      guardians.map((g) => g.id),
    );
    const now = guardians.filter((g) => chosen.get(g.id) === 'now');
    if (!now.length) return;
    const quiet = input.mailAfter ? new Date(input.mailAfter) : await this.calendar.quietUntil();
    await this.mail.queueMailFor(tx, now, { ...input, mailAfter: quiet });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The worker's jobs

  /** `written`: the rows as their writer inserted them (a run at once); otherwise they are read back. */
  private async pushNotifications(ids: string[], written?: Notification[]): Promise<void> {
    if (!ids.length) return;
    const rows = written ?? (await this.inbox.findBy({ id: In(ids) }));
    const users = [...new Set(rows.map((r) => r.userId))];
    const [counts, languages] = await Promise.all([this.unreadCounts(users), this.directory.languages(users)]);
    for (const n of rows)
      this.realtime.get().emit({ users: [n.userId] }, 'notification', {
        notification: toResponse(n, languages.get(n.userId)),
        unreadCount: counts.get(n.userId) ?? 0,
      });
  }

  private async fanout(p: FanoutPayload): Promise<void> {
    // One transaction: a retry after a failure starts again from nothing (no one told twice).
    const ids: string[] = [];
    await this.db.transaction(async (tx) => {
      let after = '';
      for (;;) {
        const batch = await this.directory.activeIdsOfRoles(tx, p.roles, { after, limit: FANOUT_BATCH });
        if (!batch.length) break;
        after = batch[batch.length - 1];
        const to = batch.filter((id) => id !== p.except);
        const rows = await this.insertNotifications(tx, to, p.input);
        ids.push(...rows.map((r) => r.id));
        await this.mailTo(tx, to, p.input);
      }
      for (let i = 0; i < ids.length; i += FANOUT_BATCH)
        await this.outbox.enqueue(tx, { kind: JOB_PUSH, payload: { ids: ids.slice(i, i + FANOUT_BATCH) } });
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The inbox

  async page(me: AuthUser, q: NotificationPageQueryDto): Promise<NotificationPage> {
    const limit = q.limit ?? NOTIFICATION_PAGE_SIZE;
    const qb = this.inbox
      .createQueryBuilder('n')
      .where('n.userId = :me', { me: me.id })
      .orderBy('n.createdAt', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .limit(limit + 1);
    if (q.before) {
      const anchor = await this.inbox.findOneBy({ id: q.before, userId: me.id });
      if (!anchor) throw NotificationException.notFound();
      // Compared with the stored value itself (not a re-encoded time), so the order is exact on both databases.
      const at = 'SELECT a.createdAt FROM notifications a WHERE a.id = :anchor';
      qb.andWhere(`(n.createdAt < (${at}) OR (n.createdAt = (${at}) AND n.id < :anchor))`, { anchor: anchor.id });
    }
    const rows = await qb.getMany();
    return {
      notifications: rows.slice(0, limit).map((n) => toResponse(n, me.language)),
      unreadCount: await this.unreadCount(me.id),
      hasMore: rows.length > limit,
    };
  }

  async unreadCount(userId: string): Promise<number> {
    return this.inbox.countBy({ userId, readAt: IsNull() });
  }

  private async unreadCounts(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.inbox
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
    const n = await this.inbox.findOneBy({ id, userId: me.id });
    if (!n) throw NotificationException.notFound();
    if (!n.readAt) {
      await this.inbox.update({ id, userId: me.id, readAt: IsNull() }, { readAt: this.clock.now() });
      this.realtime.get().emit({ users: [me.id] }, 'notificationsRead', { unreadCount: await this.unreadCount(me.id) });
    }
    return toResponse((await this.inbox.findOneBy({ id }))!, me.language);
  }

  async markAllRead(me: AuthUser): Promise<UnreadCountResponse> {
    await this.inbox.update({ userId: me.id, readAt: IsNull() }, { readAt: this.clock.now() });
    const unreadCount = await this.unreadCount(me.id);
    this.realtime.get().emit({ users: [me.id] }, 'notificationsRead', { unreadCount });
    return { unreadCount };
  }
}

interface FanoutPayload {
  roles: Role[];
  except: string | null;
  input: NotificationInput;
}
