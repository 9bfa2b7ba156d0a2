import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isSchoolDay, type AttendanceStatus, type FollowUpOutcome, type MentoringEntry } from '@portal/contracts';
import type { Repository } from 'typeorm';
import { AttendanceService } from '../attendance/attendance.service';
import { CalendarService } from '../calendar/calendar.service';
import type { CalendarRules } from '../calendar/school-days';
import type { ArrayPage } from '../common/array-page';
import { toCsv } from '../common/csv';
import { dateOnly } from '../common/raw-row';
import { addDays } from '../dates/days';
import { UserDirectory } from '../users/user-directory.service';
import { MentoringEntryRow } from './entities/followup.entity';
import { RiskEvaluation, lastSchoolDays } from './risk-evaluation.service';
import { windowPercentage } from './risk-rules';

/** The first `count` school days from `from` (inclusive) up to `today`. */
function schoolDaysFrom(from: string, today: string, count: number, rules: CalendarRules): string[] {
  const out: string[] = [];
  for (let d = from; out.length < count && d <= today; d = addDays(d, 1)) if (isSchoolDay(d, rules)) out.push(d);
  return out;
}

export interface OutcomeEntry {
  entryId: string;
  menteeId: string;
  date: string;
  mode: MentoringEntry['mode'];
  fullName?: string;
  studentId?: string;
  mentorId?: string | null;
  mentorName?: string | null;
}

/** Whether follow-ups help: each student's attendance over the school days before and after each one. */
@Injectable()
export class OutcomesService {
  constructor(
    @InjectRepository(MentoringEntryRow) private readonly entries: Repository<MentoringEntryRow>,
    private readonly calendar: CalendarService,
    private readonly attendance: AttendanceService,
    private readonly directory: UserDirectory,
    private readonly evaluation: RiskEvaluation,
  ) {}

  /** Attendance over the school days before and after each follow-up (the window of the settings, each side). */
  async of(entries: OutcomeEntry[]): Promise<FollowUpOutcome[]> {
    if (!entries.length) return [];
    const [settings, rules] = await Promise.all([this.evaluation.settings(), this.calendar.rules()]);
    const today = this.calendar.todayIn(rules.timezone);
    const w = settings.attendanceWindowSchoolDays;
    const windows = entries.map((e) => ({
      before: lastSchoolDays(addDays(e.date, -1), w, rules),
      after: schoolDaysFrom(addDays(e.date, 1), today, w, rules),
    }));
    const from = windows.reduce((min, x) => (x.before[0] && x.before[0] < min ? x.before[0] : min), today);
    const marks = new Map<string, AttendanceStatus>();
    for (const r of await this.attendance.marksSince([...new Set(entries.map((e) => e.menteeId))], from))
      marks.set(`${r.menteeId}|${r.date}`, r.status);
    const side = (menteeId: string, days: string[]) => {
      const { percentage, marked } = windowPercentage(
        days.map((date) => ({ date, status: marks.get(`${menteeId}|${date}`) })),
      );
      return { percentage, markedDays: marked, schoolDays: days.length };
    };
    return entries.map((e, i) => ({
      entryId: e.entryId,
      menteeId: e.menteeId,
      fullName: e.fullName ?? '',
      studentId: e.studentId ?? '',
      mentorId: e.mentorId ?? null,
      mentorName: e.mentorName ?? null,
      date: e.date,
      mode: e.mode,
      before: side(e.menteeId, windows[i].before),
      after: side(e.menteeId, windows[i].after),
    }));
  }

  /**
   * The follow-ups (of one mentor, when asked), newest first, with the student's attendance before and after: the
   * rows `window` asks for (every one without it) and how many there are.
   */
  async all(mentorId?: string, window?: { skip: number; take: number }): Promise<ArrayPage<FollowUpOutcome>> {
    const [rows, total] = await this.entries.findAndCount({
      select: { id: true, menteeId: true, date: true, mode: true, authorId: true },
      where: mentorId ? { authorId: mentorId } : {},
      order: { date: 'DESC', createdAt: 'DESC' },
      ...window,
    });
    const [cards, names] = await Promise.all([
      this.directory.cards(rows.map((r) => r.menteeId)),
      this.directory.names(rows.map((r) => r.authorId)),
    ]);
    // A follow-up of a student whose account is gone is not shown (as the join did before).
    const outcomes = await this.of(
      rows
        .filter((r) => cards.has(r.menteeId))
        .map((r) => ({
          entryId: r.id,
          menteeId: r.menteeId,
          date: dateOnly(r.date),
          mode: r.mode,
          fullName: cards.get(r.menteeId)!.fullName,
          studentId: cards.get(r.menteeId)!.studentId,
          mentorId: r.authorId,
          mentorName: r.authorId ? (names.get(r.authorId) ?? null) : null,
        })),
    );
    return { rows: outcomes, total };
  }

  async csv(mentorId?: string): Promise<string> {
    const pct = (p: number | null) => (p === null ? '' : p);
    return toCsv(
      [
        'Mentor',
        'Student',
        'Student ID',
        'Date',
        'Mode',
        'Attendance before (%)',
        'Marked days before',
        'School days before',
        'Attendance after (%)',
        'Marked days after',
        'School days after',
      ],
      (await this.all(mentorId)).rows.map((o) => [
        o.mentorName,
        o.fullName,
        o.studentId,
        o.date,
        o.mode,
        pct(o.before.percentage),
        o.before.markedDays,
        o.before.schoolDays,
        pct(o.after.percentage),
        o.after.markedDays,
        o.after.schoolDays,
      ]),
    );
  }
}
