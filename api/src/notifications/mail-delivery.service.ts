import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  PAGE_SIZE,
  isEmailAddress,
  type MailDeliveryResponse,
  type MailKind,
  type MailLogResponse,
} from '@portal/contracts';
import { In, LessThan, type EntityManager, type Repository } from 'typeorm';
import { containingAny, redactColumns } from '../common/erasure-text';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { windowOf } from '../common/pagination.dto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { render, text } from '../i18n/texts';
import { OutboxService, type OutboxRun } from '../outbox/outbox.service';
import type { MailLogQueryDto } from './dto/mail-log.query.dto';
import { MailDelivery } from './entities/notification.entity';
import { MailService } from './mail.service';
import type { AccountContact } from '../users/user-directory.service';
import type { NotificationInput } from './notifications.service';

const JOB_MAIL = 'mail.send';
/** Attempts of one e-mail before it is 'failed': about 18 hours of retries. */
export const MAIL_MAX_ATTEMPTS = 24;

/** A reset link's token is not shown in the delivery log (the link is the account). */
const maskToken = (text: string) => text.replace(/token=[A-Za-z0-9_-]+/g, 'token=••••••');

/** One e-mail to write: `dedupeKey` keeps it to one per key; `menteeId` and `day` are a guardian notice's. */
export interface OutgoingMail {
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
}

/** Asked when a delivery of one kind comes due: false cancels it (the reason for it no longer holds). */
export type StillDue = (delivery: MailDelivery) => Promise<boolean>;

/**
 * Outgoing e-mail: each one a delivery row written in the caller's transaction and sent by the outbox worker (retried
 * through an SMTP outage), and the admins' delivery log of them. Who gets which e-mail is the callers' to decide.
 */
@Injectable()
export class MailDeliveryService implements OnModuleInit {
  private readonly stillDue = new Map<MailKind, StillDue>();

  constructor(
    @InjectRepository(MailDelivery) private readonly deliveries: Repository<MailDelivery>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  /** Deliveries written before `cutoff` (the retention purge's delivery log). */
  countOlderThan(cutoff: Date): Promise<number> {
    return this.deliveries.countBy({ createdAt: LessThan(cutoff) });
  }

  async purgeOlderThan(tx: EntityManager, cutoff: Date): Promise<number> {
    return (await tx.delete(MailDelivery, { createdAt: LessThan(cutoff) })).affected ?? 0;
  }

  onModuleInit(): void {
    // An SMTP outage of most of a day delays mail without losing it (backoff capped at an hour).
    // Its own lane: a slow or silent mail server never delays in-app notifications, pushes or evaluations.
    this.outbox.register<{ deliveryId: string }>(JOB_MAIL, (p, run) => this.deliver(p.deliveryId, run), {
      lane: 'mail',
      maxAttempts: MAIL_MAX_ATTEMPTS,
    });
  }

  /** The check a kind's deliveries pass again when due (a guardian notice: still absent); one per kind. */
  checkWhenDue(kind: MailKind, check: StillDue): void {
    if (this.stillDue.has(kind)) throw new Error(`mail check for ${kind} registered twice`);
    this.stillDue.set(kind, check);
  }

  /** An e-mail only (a reset link), written in the caller's transaction and sent by the worker. */
  async queueMail(tx: EntityManager, mail: OutgoingMail): Promise<string | null> {
    const row = tx.create(MailDelivery, {
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject.slice(0, 255),
      text: mail.text,
      userId: mail.userId ?? null,
      status: 'pending',
      attempts: 0,
      lastError: null,
      sendAfter: mail.sendAfter ?? this.clock.now(),
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
   * A notification's e-mail to each of these accounts (those who want it: the inbox asked their preferences), written
   * in each one's language.
   */
  async queueMailFor(tx: EntityManager, to: AccountContact[], input: NotificationInput): Promise<void> {
    for (const u of to)
      await this.queueMail(tx, {
        kind: input.kind,
        to: u.email,
        subject: render(input.mailSummary ?? input.title, u.language),
        text: this.notificationText(u, input),
        userId: u.id,
        withheldRef: input.withheldRef,
        sendAfter: input.mailAfter ?? undefined,
      });
  }

  /**
   * A guardian's daily digest: what their inbox got since the last one (each title and body in their language), one
   * e-mail per digest time (`dedupeKey`).
   */
  async queueDigest(
    tx: EntityManager,
    to: AccountContact,
    items: { title: string; body: string }[],
    due: Date,
    sendAfter: Date | null,
  ): Promise<string | null> {
    const say = (...args: Parameters<typeof text>) => render(text(...args), to.language);
    return this.queueMail(tx, {
      kind: 'guardian.digest',
      to: to.email,
      userId: to.id,
      subject: say('mail.digest.subject', { count: items.length }),
      text: [
        say('mail.helloName', { name: to.fullName }),
        '',
        say('mail.digest.intro'),
        ...items.flatMap((i) => ['', `• ${i.title}`, ...(i.body ? [`  ${i.body}`] : [])]),
        '',
        say('mail.digest.open', { url: `${this.config.mail.publicUrl}/notifications` }),
        '',
        say('mail.digest.chosen'),
      ].join('\n'),
      dedupeKey: `digest:${to.id}:${due.toISOString()}`,
      sendAfter: sendAfter ?? undefined,
    });
  }

  private notificationText({ fullName, language }: AccountContact, input: NotificationInput): string {
    const say = (...args: Parameters<typeof text>) => render(text(...args), language);
    const body = render(input.body, language);
    return [
      input.mailSummary ? say('mail.hello') : say('mail.helloName', { name: fullName }),
      '',
      ...(input.mailSummary
        ? [render(input.mailSummary, language)]
        : [render(input.title, language), ...(body ? ['', body] : [])]),
      ...(input.link ? ['', say('mail.openInPortal', { url: `${this.config.mail.publicUrl}${input.link}` })] : []),
      '',
      say('mail.preferences'),
    ].join('\n');
  }

  /** A name-withheld grievance's identity was revealed: its e-mails show in the delivery log from now on. */
  /**
   * Erasure of a student: an e-mail still to one of their addresses (their own, a parent's) is not sent and its row
   * goes; others' e-mails that named them keep their words without their values.
   */
  async erase(tx: EntityManager, values: readonly string[]): Promise<{ mails: number }> {
    const repo = tx.withRepository(this.deliveries);
    const theirs = await containingAny(repo.createQueryBuilder('r').select('r.id'), ['r.to'], values).getMany();
    if (theirs.length) await repo.delete({ id: In(theirs.map((m) => m.id)) });
    return { mails: theirs.length + (await redactColumns(repo, ['subject', 'text'], values)) };
  }

  async revealDeliveries(tx: EntityManager, ref: string): Promise<void> {
    await tx.update(MailDelivery, { withheldRef: ref }, { withheldRef: null });
  }

  /**
   * Sends one delivery (once: the outbox job is claimed by one instance), after its kind's check when it has one.
   * A failure is recorded on the delivery and thrown, so that the outbox retries it after its backoff.
   */
  private async deliver(id: string, run: OutboxRun): Promise<void> {
    const repo = this.deliveries;
    const d = await repo.findOneBy({ id });
    if (!d || d.status !== 'pending') return;
    const check = this.stillDue.get(d.kind);
    if (check && !(await check(d))) {
      await repo.update({ id, status: 'pending' }, { status: 'cancelled' });
      return;
    }
    if (!this.mail.configured) {
      await repo.update({ id, status: 'pending' }, { status: 'kept', attempts: d.attempts + 1 });
      return;
    }
    // An address stored under the old loose rule may be a list: the mail server is never asked to mail strangers.
    if (!isEmailAddress(d.to.trim())) {
      await repo.update(
        { id, status: 'pending' },
        { status: 'failed', attempts: d.attempts + 1, lastError: 'Not one e-mail address: not sent' },
      );
      return;
    }
    try {
      await this.mail.send({ to: d.to.trim(), subject: d.subject, text: d.text });
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

  async mailLog(q: MailLogQueryDto): Promise<MailLogResponse> {
    const { page, limit } = windowOf(q, PAGE_SIZE);
    const qb = this.deliveries
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
}
