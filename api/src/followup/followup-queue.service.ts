import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  RISK_SIGNAL_KINDS,
  type FollowUpOverview,
  type FollowUpQueueEntry,
  type LastContacts,
  type MenteeFollowUp,
  type RiskSignal,
  type RiskSignalKind,
  type SignalDismissal,
  type UserLanguage,
} from '@portal/contracts';
import { In, IsNull, type Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { isoDateTime } from '../common/raw-row';
import { render } from '../i18n/texts';
import { UserDirectory, type MenteeCard } from '../users/user-directory.service';
import { RiskDismissalRow, RiskSignalRow } from './entities/followup.entity';
import { MentoringLogService } from './mentoring-log.service';
import { OutcomesService } from './outcomes.service';
import { RiskEvaluation } from './risk-evaluation.service';

const KIND_RANK = new Map(RISK_SIGNAL_KINDS.map((k, i) => [k, i]));
/** Its evidence in the reader's language (a signal not yet re-evaluated since messages were kept: in English). */
const toSignal = (r: RiskSignalRow, language: UserLanguage | undefined): RiskSignal => ({
  _id: r.id,
  kind: r.kind,
  evidence: render(r.evidenceText, language, r.evidence),
  openedAt: isoDateTime(r.openedAt)!,
  handledAt: isoDateTime(r.handledAt),
});
const byRank = (a: { kind: RiskSignalKind }, b: { kind: RiskSignalKind }) =>
  KIND_RANK.get(a.kind)! - KIND_RANK.get(b.kind)!;

/**
 * Who is waiting for a follow-up: a mentor's queue (their students' signals, never one that stems from a confidential
 * grievance), the admins' (those), one student's view, and the school-wide overview.
 */
@Injectable()
export class FollowupQueueService {
  constructor(
    @InjectRepository(RiskSignalRow) private readonly signals: Repository<RiskSignalRow>,
    @InjectRepository(RiskDismissalRow) private readonly dismissals: Repository<RiskDismissalRow>,
    private readonly directory: UserDirectory,
    private readonly log: MentoringLogService,
    private readonly outcomes: OutcomesService,
    private readonly evaluation: RiskEvaluation,
  ) {}

  /** The mentor's waiting students, most urgent first. */
  async queue(me: AuthUser): Promise<FollowUpQueueEntry[]> {
    const ids = await this.directory.menteeIdsOf(me.id);
    return this.entries(ids, 'mentor', me.language);
  }

  /** Waiting students of one audience among these, with their cards and last contacts, most urgent first. */
  private async entries(
    menteeIds: string[] | null,
    audience: 'mentor' | 'admins',
    language: UserLanguage | undefined,
  ): Promise<FollowUpQueueEntry[]> {
    if (menteeIds && !menteeIds.length) return [];
    const rows: RiskSignalRow[] = [];
    const where = { closedAt: IsNull(), handledAt: IsNull(), audience };
    if (!menteeIds) rows.push(...(await this.signals.find({ where })));
    else
      for (let i = 0; i < menteeIds.length; i += 500)
        rows.push(...(await this.signals.find({ where: { ...where, menteeId: In(menteeIds.slice(i, i + 500)) } })));
    const waiting = [...new Set(rows.map((r) => r.menteeId))];
    const [cards, contacts] = await Promise.all([this.directory.cards(waiting), this.evaluation.lastContacts(waiting)]);
    const entries = new Map<string, FollowUpQueueEntry>();
    for (const r of rows) {
      const card = cards.get(r.menteeId);
      if (!card) continue;
      let e = entries.get(r.menteeId);
      if (!e)
        entries.set(
          r.menteeId,
          (e = {
            menteeId: r.menteeId,
            fullName: card.fullName,
            studentId: card.studentId,
            class: card.className,
            section: card.section,
            signals: [],
            waitingSince: isoDateTime(r.openedAt)!,
            lastContactDate: contacts[r.menteeId] ?? null,
          }),
        );
      const s = toSignal(r, language);
      e.signals.push(s);
      if (s.openedAt < e.waitingSince) e.waitingSince = s.openedAt;
    }
    const rank = (e: FollowUpQueueEntry) => Math.min(...e.signals.map((s) => KIND_RANK.get(s.kind)!));
    for (const e of entries.values()) e.signals.sort(byRank);
    // Most urgent first: the gravest signal, then how many, then the longest wait.
    return [...entries.values()].sort(
      (a, b) =>
        rank(a) - rank(b) ||
        b.signals.length - a.signals.length ||
        a.waitingSince.localeCompare(b.waitingSince) ||
        a.fullName.localeCompare(b.fullName),
    );
  }

  /** The mentor's mentees' last contacts (every mentee, null when none is logged). */
  async myContacts(me: AuthUser): Promise<LastContacts> {
    const ids = await this.directory.menteeIdsOf(me.id);
    const last = await this.evaluation.lastContacts(ids);
    return Object.fromEntries(ids.map((id) => [id, last[id] ?? null]));
  }

  /** One student's follow-up: a mentor sees their own signals and notes; an admin everything. */
  async forMentee(me: AuthUser, menteeId: string): Promise<MenteeFollowUp> {
    await this.log.mentorOf(me, menteeId);
    const [signals, log, dismissals, contacts] = await Promise.all([
      this.signals.find({
        where: { menteeId, closedAt: IsNull(), ...(me.role === 'admin' ? {} : { audience: 'mentor' }) },
        order: { openedAt: 'ASC' },
      }),
      // A private note is its author's (and the admins'): a later mentor of the student does not read it.
      this.log.entries({ menteeId, privateOf: me.role === 'mentor' ? me.id : undefined }),
      this.dismissals.find({ where: { menteeId }, order: { createdAt: 'DESC' } }),
      this.evaluation.lastContacts([menteeId]),
    ]);
    const names = await this.directory.names(dismissals.map((d) => d.byId));
    return {
      menteeId,
      signals: signals.sort(byRank).map((r) => toSignal(r, me.language)),
      log,
      dismissals: dismissals.map<SignalDismissal>((d) => {
        const byName = d.byId ? names.get(d.byId) : undefined;
        return {
          _id: d.id,
          reason: d.reason,
          kinds: (d.kinds ?? []) as RiskSignalKind[],
          by: d.byId && byName ? { _id: d.byId, fullName: byName } : null,
          createdAt: isoDateTime(d.createdAt)!,
        };
      }),
      outcomes: await this.outcomes.of(log.map((e) => ({ ...e, entryId: e._id }))),
      lastContactDate: contacts[menteeId] ?? null,
    };
  }

  /**
   * Mentors whose waiting students have waited longest, waiting students per class, and the students the admins
   * follow up themselves (signals from confidential grievances).
   */
  async overview(me: AuthUser): Promise<FollowUpOverview> {
    const waiting = await this.signals.find({
      select: { menteeId: true, openedAt: true },
      where: { closedAt: IsNull(), handledAt: IsNull(), audience: 'mentor' },
    });
    const cards = await this.directory.cards(waiting.map((s) => s.menteeId));
    const mentors = new Map<string, { students: Set<string>; since: string }>();
    const classes = new Map<string, { card: MenteeCard; students: Set<string> }>();
    for (const s of waiting) {
      const card = cards.get(s.menteeId);
      if (!card) continue;
      const since = isoDateTime(s.openedAt)!;
      if (card.mentorId) {
        const m = mentors.get(card.mentorId) ?? { students: new Set<string>(), since };
        m.students.add(s.menteeId);
        if (since < m.since) m.since = since;
        mentors.set(card.mentorId, m);
      }
      const key = `${card.className}\u0000${card.section}`;
      const c = classes.get(key) ?? { card, students: new Set<string>() };
      c.students.add(s.menteeId);
      classes.set(key, c);
    }
    const names = await this.directory.names([...mentors.keys()]);
    return {
      mentors: [...mentors]
        .filter(([id]) => names.has(id))
        .map(([mentorId, m]) => ({
          mentorId,
          fullName: names.get(mentorId)!,
          waiting: m.students.size,
          waitingSince: m.since,
        }))
        .sort((a, b) => a.waitingSince.localeCompare(b.waitingSince)),
      classes: [...classes.values()]
        .map((c) => ({ class: c.card.className, section: c.card.section, waiting: c.students.size }))
        .sort((a, b) => a.class.localeCompare(b.class) || a.section.localeCompare(b.section)),
      adminQueue: await this.entries(null, 'admins', me.language),
    };
  }
}
