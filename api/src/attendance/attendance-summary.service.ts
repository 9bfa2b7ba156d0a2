import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import {
  attendancePercentages,
  type AttendanceCounts,
  type AttendanceHistoryEntry,
  type AttendanceSummary,
} from '@portal/contracts';
import { CalendarService } from '../calendar/calendar.service';
import { dayIn } from '../dates/days';
import { batched } from '../common/batched';
import { AccountCleanupRegistry, CLEANUP_ORDER, type Removed } from '../users/account-cleanup.registry';
import { UsersService } from '../users/users.service';
import { RetentionRegistry } from '../retention/retention.registry';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { AttendanceRecord } from './entities/attendance-record.entity';
import { DataExportRegistry } from '../users/data-export.registry';

/** Counts per status, as the SQL below selects them (drivers answer numbers or strings). */
export interface CountRow {
  present: string | number | null;
  late: string | number | null;
  absent: string | number | null;
  leave: string | number | null;
}
export const toCounts = (r: CountRow | undefined): AttendanceCounts => ({
  present: Number(r?.present ?? 0),
  late: Number(r?.late ?? 0),
  absent: Number(r?.absent ?? 0),
  leave: Number(r?.leave ?? 0),
});

/** Every figure is derived from the four counts through attendancePercentages (the contract's one derivation). */
export function summarize(c: AttendanceCounts): AttendanceSummary {
  return {
    totalDays: c.present + c.late + c.absent + c.leave,
    presentDays: c.present + c.late,
    lateDays: c.late,
    absentDays: c.absent,
    leaveDays: c.leave,
    ...attendancePercentages(c),
  };
}
export const EMPTY_SUMMARY: AttendanceSummary = summarize({ present: 0, late: 0, absent: 0, leave: 0 });

/** SELECT expressions counting each status of alias a. */
export function countColumns<T extends { addSelect(sel: string, alias: string): T }>(qb: T, a = 'a'): T {
  return qb
    .addSelect(`SUM(CASE WHEN ${a}.status = 'present' THEN 1 ELSE 0 END)`, 'present')
    .addSelect(`SUM(CASE WHEN ${a}.status = 'late' THEN 1 ELSE 0 END)`, 'late')
    .addSelect(`SUM(CASE WHEN ${a}.status = 'absent' THEN 1 ELSE 0 END)`, 'absent')
    .addSelect(`SUM(CASE WHEN ${a}.status = 'leave' THEN 1 ELSE 0 END)`, 'leave');
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Summaries are derived from the per-day records, so they can never drift from them. */
@Injectable()
export class AttendanceSummaryService implements OnModuleInit {
  constructor(
    @InjectRepository(AttendanceRecord) private readonly records: Repository<AttendanceRecord>,
    private readonly users: UsersService,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly calendar: CalendarService,
    private readonly cache: ReadCache,
    private readonly retention: RetentionRegistry,
    private readonly exports: DataExportRegistry,
  ) {}

  /**
   * Leaves out records on days that are not school days (now): a weekend day, a closure, a day outside the term. The
   * register refuses those days, but the calendar may change after a day was marked; such a day then counts nowhere.
   */
  async schoolDaysOnly<T extends SelectQueryBuilder<ObjectLiteral>>(qb: T, a = 'a'): Promise<T> {
    const rules = await this.calendar.rules();
    if (rules.weekendDays.length) {
      const weekday =
        this.records.manager.connection.options.type === 'better-sqlite3'
          ? `CAST(strftime('%w', ${a}.date) AS INTEGER)`
          : `(DAYOFWEEK(${a}.date) - 1)`;
      qb.andWhere(`${weekday} NOT IN (:...calWeekend)`, { calWeekend: rules.weekendDays });
    }
    if (rules.termStart) qb.andWhere(`${a}.date >= :calTermStart`, { calTermStart: rules.termStart });
    if (rules.termEnd) qb.andWhere(`${a}.date <= :calTermEnd`, { calTermEnd: rules.termEnd });
    if (rules.closures.length)
      qb.andWhere(`${a}.date NOT IN (:...calClosures)`, { calClosures: rules.closures.map((c) => c.date) });
    return qb;
  }

  /** A mentee's profile shows their attendance; a deleted mentee's records go with the account. */
  onModuleInit(): void {
    this.users.useMenteeAttendance(async (menteeId) => {
      const [summary, history] = await Promise.all([this.forMentee(menteeId), this.history(menteeId)]);
      return { summary, history };
    });
    this.exports.register('attendance', (menteeId) =>
      this.records.find({ where: { menteeId }, order: { date: 'ASC' } }),
    );
    // Deactivated students' attendance, older than the school's period (days before the cutoff's day).
    this.retention.register('deactivatedAttendance', {
      count: async (cutoff) => {
        const ids = (await this.users.inactiveMentees()).map((m) => m.id);
        return ids.length ? this.records.countBy({ menteeId: In(ids), date: LessThan(await this.dayOf(cutoff)) }) : 0;
      },
      purge: async (tx, cutoff) => {
        const mentees = await this.users.inactiveMentees();
        if (!mentees.length) return 0;
        const gone = await tx.delete(AttendanceRecord, {
          menteeId: In(mentees.map((m) => m.id)),
          date: LessThan(await this.dayOf(cutoff)),
        });
        if (gone.affected)
          await this.cache.retire(
            mentees.map((m) => Scope.menteeDashboard(m.id)),
            mentees.flatMap((m) => (m.mentorId ? Scope.mentorWithAttendance(m.mentorId) : [])),
          );
        return gone.affected ?? 0;
      },
    });
    this.cleanup.register(CLEANUP_ORDER.attendance, async (user, tx): Promise<Removed> => {
      if (user.role !== 'mentee') return {};
      return { attendanceRecords: (await tx.delete(AttendanceRecord, { menteeId: user.id })).affected ?? 0 };
    });
  }

  /** The school's day (YYYY-MM-DD) of a moment. */
  private async dayOf(at: Date): Promise<string> {
    return dayIn(at, (await this.calendar.rules()).timezone);
  }

  async forMentees(menteeIds: string[]): Promise<Map<string, AttendanceSummary>> {
    if (!menteeIds.length) return new Map();
    return this.summaries(this.perMentee().where({ menteeId: In(menteeIds) }));
  }

  /**
   * Every mentee of a mentor, by a join: it needs no list of ids first, so it can run alongside the list. Grouped by
   * m.id, the order the mentorId index yields them in, so MariaDB streams the groups instead of sorting them.
   */
  forMentor(mentorId: string): Promise<Map<string, AttendanceSummary>> {
    return this.summaries(
      this.perMentee('m.id').innerJoin('a.mentee', 'm').where('m.mentorId = :mentorId', { mentorId }),
    );
  }

  /**
   * forMentor, kept (`mentor-attendance:<mentorId>`): the mentor dashboard's costliest statement (every record of ~70
   * students), which only attendance writes change, while the dashboard around it is retired by every leave and
   * grievance of those students.
   */
  async keptForMentor(mentorId: string): Promise<Map<string, AttendanceSummary>> {
    const json = await this.cache.json(Scope.mentorAttendance(mentorId), async () => [
      ...(await this.forMentor(mentorId)),
    ]);
    return new Map(JSON.parse(json.toString()) as [string, AttendanceSummary][]);
  }

  private perMentee(key = 'a.menteeId') {
    return countColumns(this.records.createQueryBuilder('a').select(key, 'menteeId')).groupBy(key);
  }

  private async summaries(
    qb: ReturnType<AttendanceSummaryService['perMentee']>,
  ): Promise<Map<string, AttendanceSummary>> {
    const rows = await (await this.schoolDaysOnly(qb)).getRawMany<CountRow & { menteeId: string }>();
    return new Map(rows.map((r) => [r.menteeId, summarize(toCounts(r))]));
  }

  /** One student's summary; the summaries asked in one turn (students opening their dashboards) share a statement. */
  forMentee(menteeId: string): Promise<AttendanceSummary> {
    return this.oneOfMany(menteeId);
  }

  private readonly oneOfMany = batched((ids: readonly string[]) => this.forMentees([...ids]), EMPTY_SUMMARY);

  /** Month by month, oldest first, for the months that have records. */
  async history(menteeId: string): Promise<AttendanceHistoryEntry[]> {
    const qb = countColumns(this.records.createQueryBuilder('a').select('SUBSTR(a.date, 1, 7)', 'month')).where({
      menteeId,
    });
    const rows: (CountRow & { month: string })[] = await (
      await this.schoolDaysOnly(qb)
    )
      .groupBy('month')
      .orderBy('month', 'ASC')
      .getRawMany();
    return rows.map((r) => {
      const s = summarize(toCounts(r));
      return { month: r.month, percentage: s.percentage, presentDays: s.presentDays, totalDays: s.totalDays };
    });
  }

  /**
   * Mean of each student's present share over [from, to] (YYYY-MM-DD), one decimal: every student with a recorded day
   * weighs the same, however many of their days were recorded.
   */
  async studentAverageBetween(from: string, to: string): Promise<{ average: number; students: number }> {
    const qb = this.perMentee().where('a.date BETWEEN :from AND :to', { from, to });
    const rows = await (await this.schoolDaysOnly(qb)).getRawMany<CountRow>();
    if (!rows.length) return { average: 0, students: 0 };
    const sum = rows.reduce((s, r) => s + attendancePercentages(toCounts(r)).percentage, 0);
    return { average: round1(sum / rows.length), students: rows.length };
  }

  /** Attended share (headline) of all records dated in [from, to] (YYYY-MM-DD), one decimal; days = distinct school days recorded. */
  async schoolBetween(from: string, to: string): Promise<{ average: number; days: number }> {
    const qb = countColumns(this.records.createQueryBuilder('a').select('COUNT(DISTINCT a.date)', 'days')).where(
      'a.date BETWEEN :from AND :to',
      { from, to },
    );
    const row = await (await this.schoolDaysOnly(qb)).getRawOne<CountRow & { days: string | number }>();
    return { average: attendancePercentages(toCounts(row)).percentage, days: Number(row?.days ?? 0) };
  }
}
