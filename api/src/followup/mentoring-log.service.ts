import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ActionItem, MentoringEntry, MyFollowUp } from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { CalendarService } from '../calendar/calendar.service';
import type { AuthUser } from '../common/auth-user';
import { dateOnly, isoDateTime } from '../common/raw-row';
import { Clock } from '../dates/clock';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { UserDirectory, type MenteeCard } from '../users/user-directory.service';
import type { CreateMentoringEntryDto } from './dto/followup.dto';
import { ActionItemRow, MentoringEntryRow, RiskDismissalRow, RiskSignalRow } from './entities/followup.entity';
import { FollowupException } from './followup.exception';
import { RiskEvaluation } from './risk-evaluation.service';
import { DataExportRegistry } from '../users/data-export.registry';
import { ErasureRegistry } from '../users/erasure.registry';
import { containingAny, excerpt } from '../common/erasure-text';
import { iso } from '../dates/iso';

/**
 * The mentoring log: meetings and contacts with their action items, and the mentor's "no follow-up needed". Who may
 * read a note: its student's mentor and the admins; a private note only its author and the admins; the student never
 * a private one.
 */
@Injectable()
export class MentoringLogService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(MentoringEntryRow) private readonly entryRows: Repository<MentoringEntryRow>,
    @InjectRepository(ActionItemRow) private readonly items: Repository<ActionItemRow>,
    @InjectRepository(RiskSignalRow) private readonly signals: Repository<RiskSignalRow>,
    @InjectRepository(RiskDismissalRow) private readonly dismissals: Repository<RiskDismissalRow>,
    private readonly calendar: CalendarService,
    private readonly directory: UserDirectory,
    private readonly evaluation: RiskEvaluation,
    private readonly clock: Clock,
    cleanup: AccountCleanupRegistry,
    exports: DataExportRegistry,
    erasure: ErasureRegistry,
  ) {
    // Notes about other students that name the one being erased (notes about them go with them).
    erasure.register({
      mentions: async ({ id, fullName }) =>
        (
          await containingAny(
            this.entryRows
              .createQueryBuilder('e')
              .select(['e.id', 'e.summary', 'e.createdAt'])
              .where('e.menteeId <> :id', { id }),
            ['e.summary'],
            [fullName],
          ).getMany()
        ).map((e) => ({
          kind: 'followUp' as const,
          id: e.id,
          excerpt: excerpt(e.summary, fullName),
          createdAt: iso(e.createdAt)!,
        })),
    });
    // The follow-up entries the student sees (not their mentor's private notes).
    exports.register('followUp', async (menteeId) => ({
      meetings: await this.entries({ menteeId, isPrivate: false }),
    }));
    cleanup.register(CLEANUP_ORDER.grievances + 5, async (user, tx) => {
      if (user.role === 'mentee') {
        const entries = await tx.find(MentoringEntryRow, { select: { id: true }, where: { menteeId: user.id } });
        if (entries.length) await tx.delete(ActionItemRow, { entryId: In(entries.map((e) => e.id)) });
        await tx.delete(MentoringEntryRow, { menteeId: user.id });
        await tx.delete(RiskSignalRow, { menteeId: user.id });
        await tx.delete(RiskDismissalRow, { menteeId: user.id });
      }
      // What a deleted mentor logged stays with the student, without the name.
      await tx.update(MentoringEntryRow, { authorId: user.id }, { authorId: null });
      await tx.update(RiskDismissalRow, { byId: user.id }, { byId: null });
      return {};
    });
  }

  /** Only the student's own mentor (and admins) see or act on their follow-up; anyone else is refused. */
  async mentorOf(me: AuthUser, menteeId: string): Promise<MenteeCard> {
    const card = (await this.directory.cards([menteeId])).get(menteeId);
    if (!card) throw FollowupException.menteeNotFound();
    if (me.role !== 'admin' && card.mentorId !== me.id) throw FollowupException.notYourMentee();
    return card;
  }

  /** The student's meetings and action items: never a private entry. */
  async mine(me: AuthUser): Promise<MyFollowUp> {
    return { meetings: await this.entries({ menteeId: me.id, isPrivate: false }) };
  }

  /** Log entries with their action items and authors, newest first. */
  async entries(where: {
    menteeId?: string;
    isPrivate?: boolean;
    /** Private entries only of this author. */
    privateOf?: string;
  }): Promise<MentoringEntry[]> {
    const qb = this.entryRows.createQueryBuilder('e').orderBy('e.date', 'DESC').addOrderBy('e.createdAt', 'DESC');
    if (where.menteeId) qb.andWhere('e.menteeId = :menteeId', { menteeId: where.menteeId });
    if (where.isPrivate === false) qb.andWhere('e.isPrivate = :no', { no: false });
    if (where.privateOf)
      qb.andWhere('(e.isPrivate = :no OR e.authorId = :author)', { no: false, author: where.privateOf });
    const rows = await qb.getMany();
    const [items, names] = await Promise.all([
      rows.length ? this.items.find({ where: { entryId: In(rows.map((r) => r.id)) }, order: { position: 'ASC' } }) : [],
      this.directory.names(rows.map((r) => r.authorId)),
    ]);
    const itemsOf = new Map<string, ActionItem[]>();
    for (const i of items)
      itemsOf.set(i.entryId, [
        ...(itemsOf.get(i.entryId) ?? []),
        { _id: i.id, text: i.text, dueDate: i.dueDate, done: i.done },
      ]);
    return rows.map((r) => {
      const authorName = r.authorId ? names.get(r.authorId) : undefined;
      return {
        _id: r.id,
        menteeId: r.menteeId,
        date: dateOnly(r.date),
        mode: r.mode,
        summary: r.summary,
        private: r.isPrivate === true || Number(r.isPrivate) === 1,
        actionItems: itemsOf.get(r.id) ?? [],
        author: r.authorId && authorName ? { _id: r.authorId, fullName: authorName } : null,
        createdAt: isoDateTime(r.createdAt)!,
      };
    });
  }

  /** A meeting or contact, by the student's own mentor: it answers every waiting signal of the student. */
  async log(me: AuthUser, menteeId: string, dto: CreateMentoringEntryDto): Promise<MentoringEntry> {
    await this.mentorOf(me, menteeId);
    if (dto.date > (await this.calendar.today())) throw FollowupException.dateInFuture();
    const now = this.clock.now();
    const entry = this.entryRows.create({
      id: randomUUID(),
      menteeId,
      authorId: me.id,
      date: dto.date,
      mode: dto.mode,
      summary: dto.summary,
      isPrivate: dto.private ?? false,
      createdAt: now,
    });
    await this.db.transaction(async (tx) => {
      await tx.withRepository(this.entryRows).insert(entry);
      const items = (dto.actionItems ?? []).map((a, position) =>
        this.items.create({
          id: randomUUID(),
          entryId: entry.id,
          position,
          text: a.text,
          dueDate: a.dueDate ?? null,
          done: false,
        }),
      );
      if (items.length) await tx.withRepository(this.items).insert(items);
      await this.handle(tx, me, menteeId, now);
    });
    // No contact may have ended; the rest is unchanged by a log entry, but it is one student.
    await this.evaluation.evaluate([menteeId]);
    return (await this.entries({ menteeId })).find((e) => e._id === entry.id)!;
  }

  /** The student's mentor's "no follow-up needed" with the reason (kept); the student leaves the queue until a new signal. */
  async dismiss(me: AuthUser, menteeId: string, reason: string): Promise<void> {
    await this.mentorOf(me, menteeId);
    if (me.role !== 'mentor') throw FollowupException.notYourMentee();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const waiting = await tx.withRepository(this.signals).find({
        where: { menteeId, closedAt: IsNull(), handledAt: IsNull(), audience: 'mentor' },
      });
      if (!waiting.length) throw FollowupException.nothingWaiting();
      await tx.withRepository(this.dismissals).insert(
        this.dismissals.create({
          id: randomUUID(),
          menteeId,
          byId: me.id,
          reason,
          kinds: [...new Set(waiting.map((s) => s.kind))],
          createdAt: now,
        }),
      );
      await this.handle(tx, me, menteeId, now);
    });
  }

  /** A mentor answers the signals that are theirs; the admins' (a confidential grievance) stay with the admins. */
  private async handle(tx: EntityManager, me: AuthUser, menteeId: string, now: Date): Promise<void> {
    await tx
      .withRepository(this.signals)
      .update(
        { menteeId, closedAt: IsNull(), handledAt: IsNull(), ...(me.role === 'admin' ? {} : { audience: 'mentor' }) },
        { handledAt: now },
      );
  }

  /** Done or not: the student's mentor, or the student on an entry they can see (not a private one). */
  async setActionItem(me: AuthUser, itemId: string, done: boolean): Promise<ActionItem> {
    const item = await this.items.findOneBy({ id: itemId });
    const entry = item && (await this.entryRows.findOneBy({ id: item.entryId }));
    if (!item || !entry) throw FollowupException.entryNotFound();
    if (me.role === 'mentee') {
      if (entry.menteeId !== me.id || entry.isPrivate) throw FollowupException.entryNotFound();
    } else {
      await this.mentorOf(me, entry.menteeId);
      if (entry.isPrivate && entry.authorId !== me.id) throw FollowupException.entryNotFound();
    }
    await this.items.update({ id: itemId }, { done });
    return { _id: item.id, text: item.text, dueDate: item.dueDate, done };
  }
}
