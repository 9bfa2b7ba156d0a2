import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, In, IsNull, MoreThan, type EntityManager, type Repository } from 'typeorm';
import {
  isBlankText,
  type AbsenceAnswerResponse,
  type AbsenceAnswerSummary,
  type AbsenceLinkResponse,
  type DailyAttendanceResponse,
  type MessageResponse,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { DomainEvents } from '../events/domain-events';
import { GuardianNoticesService } from '../notifications/guardian-notices.service';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { ProfilesService } from '../users/profiles.service';
import { UserDirectory } from '../users/user-directory.service';
import { AttendanceException } from './attendance.exception';
import type { AbsenceAnswerDto } from './dto/absence-answer.dto';
import { AbsenceAnswer, AbsenceLink } from './entities/absence-answer.entity';
import { AttendanceRecord } from './entities/attendance-record.entity';
import { DataExportRegistry } from '../users/data-export.registry';

/** How long an absence notice's answer link works. */
export const ABSENCE_LINK_DAYS = 7;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const summary = (a: AbsenceAnswer): AbsenceAnswerSummary => ({
  reason: a.reason,
  note: a.note,
  answeredBy: a.answeredBy,
  createdAt: iso(a.createdAt)!,
});

/** Who answered: a signed-in guardian, or the holder of an e-mailed link. */
type Answerer = { id: string | null; label: string; via: 'portal' | 'link' };

/**
 * A family's answers to absences: given by a linked guardian in the portal (the guardians module asks its link rule
 * first) or through the single-use link of the absence notice e-mail; they reach the mentor's queue, and a wrong-mark
 * answer the admins' register until the mark is corrected or confirmed.
 */
@Injectable()
export class AbsenceAnswersService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(AbsenceAnswer) private readonly answers: Repository<AbsenceAnswer>,
    @InjectRepository(AbsenceLink) private readonly links: Repository<AbsenceLink>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly guardianNotices: GuardianNoticesService,
    private readonly directory: UserDirectory,
    private readonly profiles: ProfilesService,
    private readonly events: DomainEvents,
    private readonly audit: AuditService,
    private readonly cache: ReadCache,
    private readonly clock: Clock,
    private readonly exports: DataExportRegistry,
  ) {}

  onModuleInit(): void {
    this.exports.register('absenceAnswers', (menteeId) =>
      this.answers.find({ where: { menteeId }, order: { date: 'ASC' } }),
    );
    this.guardianNotices.useAnswerLink((tx, menteeId, day, email) => this.issueLink(tx, menteeId, day, email));
  }

  /** A new link for one absence notice (written with the notice, in its transaction): its address. */
  async issueLink(tx: EntityManager, menteeId: string, date: string, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + ABSENCE_LINK_DAYS * 86_400_000);
    await tx.insert(
      AbsenceLink,
      tx.create(AbsenceLink, { tokenHash: hashOf(token), menteeId, date, email, expiresAt }),
    );
    return `${this.config.mail.publicUrl}/absence-answer?token=${encodeURIComponent(token)}`;
  }

  /** What a link is about (the child's first name and the day), while it still works. */
  async lookup(token: string): Promise<AbsenceLinkResponse> {
    const link = await this.links.findOneBy(this.usable(token));
    if (!link) throw AttendanceException.absenceLinkInvalid();
    const card = (await this.directory.cards([link.menteeId])).get(link.menteeId);
    if (!card) throw AttendanceException.absenceLinkInvalid();
    return { childName: card.fullName.split(/\s+/)[0], date: link.date };
  }

  /** An answer through a link: the link is used up with it, in one transaction (of two racing uses, one goes on). */
  async answerByLink(token: string, dto: AbsenceAnswerDto): Promise<MessageResponse> {
    const date = await this.db.transaction(async (tx) => {
      const link = await tx.findOneBy(AbsenceLink, this.usable(token));
      if (!link) throw AttendanceException.absenceLinkInvalid();
      await this.record(tx, link.menteeId, link.date, dto, { id: null, label: link.email, via: 'link' });
      const used = await tx.update(AbsenceLink, { id: link.id, usedAt: IsNull() }, { usedAt: this.clock.now() });
      if (!used.affected) throw AttendanceException.absenceLinkInvalid();
      return link.date;
    });
    await this.cache.retire(Scope.attendanceDay(date));
    return { message: "Thank you: your answer has reached your child's mentor." };
  }

  /** An answer by a signed-in guardian, for a child the guardians module's rule already let them see. */
  async answerInPortal(guardian: AuthUser, menteeId: string, date: string, dto: AbsenceAnswerDto) {
    const saved = await this.db.transaction((tx) =>
      this.record(tx, menteeId, date, dto, { id: guardian.id, label: guardian.fullName, via: 'portal' }),
    );
    await this.cache.retire(Scope.attendanceDay(date));
    return summary(saved);
  }

  private usable(token: string) {
    return { tokenHash: hashOf(token), usedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) };
  }

  private async record(
    tx: EntityManager,
    menteeId: string,
    date: string,
    dto: AbsenceAnswerDto,
    by: Answerer,
  ): Promise<AbsenceAnswer> {
    const note = dto.note && !isBlankText(dto.note) ? dto.note.trim() : null;
    if (dto.reason === 'other' && !note) throw AttendanceException.noteRequired();
    const mark = await tx.findOneBy(AttendanceRecord, { menteeId, date });
    if (mark?.status !== 'absent') throw AttendanceException.notAbsent();
    // Two answers racing past this check: the unique (menteeId, date) index refuses the second (409).
    if (await tx.existsBy(AbsenceAnswer, { menteeId, date })) throw AttendanceException.alreadyAnswered();
    const answer = tx.create(AbsenceAnswer, {
      menteeId,
      date,
      reason: dto.reason,
      note,
      answeredById: by.id,
      answeredBy: by.label.slice(0, 254),
      via: by.via,
      seenAt: null,
      seenById: null,
      markResolution: null,
      resolvedById: null,
      resolvedAt: null,
      createdAt: this.clock.now(),
    });
    await tx.insert(AbsenceAnswer, answer);
    const card = (await this.directory.cards([menteeId])).get(menteeId);
    await this.events.emit(tx, 'absence.answered', {
      answer: {
        id: answer.id,
        menteeId,
        menteeName: card?.fullName ?? '',
        mentorId: card?.mentorId ?? null,
        date,
        reason: answer.reason,
        note,
        by: answer.answeredBy,
      },
    });
    return answer;
  }

  /** One child's answers on these days, by day (the guardian's month). */
  async answersOn(menteeId: string, dates: string[]): Promise<Map<string, AbsenceAnswerSummary>> {
    if (!dates.length) return new Map();
    const rows = await this.answers.findBy({ menteeId, date: In(dates) });
    return new Map(rows.map((a) => [a.date, summary(a)]));
  }

  /** The mentor's queue: answers about their mentees not yet marked seen, oldest first. */
  async mentorQueue(me: AuthUser): Promise<AbsenceAnswerResponse[]> {
    const mine = await this.directory.menteeIdsOf(me.id);
    if (!mine.length) return [];
    const rows = await this.answers.find({
      where: { menteeId: In(mine), seenAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return this.toResponses(rows);
  }

  /** The mentor has read an answer: it leaves their queue (a disputed mark stays in the register). */
  async markSeen(me: AuthUser, id: string): Promise<AbsenceAnswerResponse> {
    const answer = await this.answers.findOneBy({ id });
    if (!answer) throw AttendanceException.answerNotFound();
    if (!(await this.profiles.isMenteeOf(answer.menteeId, me.id))) throw AttendanceException.notYourMentee();
    if (!answer.seenAt) {
      await this.answers.update({ id, seenAt: IsNull() }, { seenAt: this.clock.now(), seenById: me.id });
      Object.assign(answer, await this.answers.findOneByOrFail({ id }));
    }
    return (await this.toResponses([answer]))[0];
  }

  /** An admin keeps a disputed mark as it is (audited); the register stops showing the dispute. */
  async confirmMark(me: AuthUser, id: string): Promise<AbsenceAnswerResponse> {
    const date = await this.db.transaction(async (tx) => {
      const answer = await tx.findOneBy(AbsenceAnswer, { id });
      if (!answer) throw AttendanceException.answerNotFound();
      const done = await tx.update(
        AbsenceAnswer,
        { id, reason: 'wrong_mark', markResolution: IsNull() },
        { markResolution: 'confirmed', resolvedById: me.id, resolvedAt: this.clock.now() },
      );
      if (!done.affected) throw AttendanceException.markNotDisputed();
      const card = (await this.directory.cards([answer.menteeId])).get(answer.menteeId);
      await this.audit.record(
        tx,
        me,
        'attendance.mark-confirmed',
        { type: 'attendance', id: answer.menteeId, label: `${card?.fullName ?? answer.menteeId}, ${answer.date}` },
        { disputed: { from: true, to: false } },
      );
      return answer.date;
    });
    await this.cache.retire(Scope.attendanceDay(date));
    return (await this.toResponses([await this.answers.findOneByOrFail({ id })]))[0];
  }

  /**
   * The register changed these students' marks on `date` to something other than absent (saved by an admin, or an
   * approved leave): their disputes are settled as corrected. In the writer's transaction.
   */
  async corrected(tx: EntityManager, date: string, menteeIds: string[], by: string | null): Promise<void> {
    if (!menteeIds.length) return;
    await tx.update(
      AbsenceAnswer,
      { date, menteeId: In(menteeIds), reason: 'wrong_mark', markResolution: IsNull() },
      { markResolution: 'corrected', resolvedById: by, resolvedAt: this.clock.now() },
    );
  }

  /** The day's open disputes, for the admins' register. */
  async disputedOn(date: string): Promise<NonNullable<DailyAttendanceResponse['disputedMarks']>> {
    const rows = await this.answers.findBy({ date, reason: 'wrong_mark', markResolution: IsNull() });
    return Object.fromEntries(
      rows.map((a) => [a.menteeId, { answerId: a.id, note: a.note, answeredBy: a.answeredBy }]),
    );
  }

  private async toResponses(rows: AbsenceAnswer[]): Promise<AbsenceAnswerResponse[]> {
    const cards = await this.directory.cards(rows.map((a) => a.menteeId));
    return rows.map((a) => {
      const c = cards.get(a.menteeId);
      return {
        ...summary(a),
        _id: a.id,
        menteeId: a.menteeId,
        studentName: c?.fullName ?? '',
        studentId: c?.studentId ?? '',
        class: c?.className ?? '',
        section: c?.section ?? '',
        date: a.date,
        via: a.via,
        seenAt: a.seenAt ? iso(a.seenAt) : null,
        markResolution: a.markResolution,
      };
    });
  }
}
