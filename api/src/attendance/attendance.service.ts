import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { dateOnly } from '../common/raw-row';
import { DataSource, In, MoreThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import {
  ATTENDANCE_STATUSES,
  LEAVE_ELIGIBILITY_PERCENT,
  attendancePercentages,
  isBlankText,
  monthlyPercentage,
  type LeaveImpact,
  type AttendanceData,
  type AttendanceSummary,
  type AttendanceStatus,
  type DailyAttendanceResponse,
  type MenteeDetailsResponse,
  type MonthlyAttendanceResponse,
  type RecordedDaysResponse,
  type SaveAttendanceResponse,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { CalendarService } from '../calendar/calendar.service';
import type { AuthUser } from '../common/auth-user';
import { toCsv } from '../common/csv';
import { Clock } from '../dates/clock';
import { daysBetween, monthBounds } from '../dates/days';
import { isRecordId } from '../common/record-id';
import type { LeaveAttendance } from '../leaves/leave-attendance.port';
import { LeavesService } from '../leaves/leaves.service';
import { GuardianNoticesService } from '../notifications/guardian-notices.service';
import { ProfilesService } from '../users/profiles.service';
import { toMenteeRecord } from '../users/user.mapper';
import {
  AttendanceSummaryService,
  EMPTY_SUMMARY,
  countColumns,
  toCounts,
  type CountRow,
} from './attendance-summary.service';
import { AbsenceAnswersService } from './absence-answers.service';
import { AttendanceException } from './attendance.exception';
import type { SaveAttendanceDto } from './dto/save-attendance.dto';
import { AttendanceRecord } from './entities/attendance-record.entity';
import { withRetry } from '../common/with-retry';
import { DomainEvents } from '../events/domain-events';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';

export const MAX_STUDENTS_PER_SAVE = 20000;
const CHUNK = 1000;
/** Guardians are told of absences on registers of the last week only. */
const GUARDIAN_NOTICE_MAX_AGE_DAYS = 7;
/** Leaves per statement of the deciders' lists' records (an admin's list may hold thousands of pending leaves). */
const LEAVES_PER_STATEMENT = 500;

/**
 * A leave's effect on the headline: every school day of it (`dates`) counted as not attended, the days already
 * marked (`inRange`, the mentee's records on those dates) changing status, the unmarked ones added.
 */
export function leaveImpact(
  summary: AttendanceSummary,
  inRange: Pick<AttendanceRecord, 'date' | 'status'>[],
  dates: string[],
): Omit<LeaveImpact, 'schoolDays'> {
  const counts = {
    present: summary.presentDays - summary.lateDays,
    late: summary.lateDays,
    absent: summary.absentDays,
    leave: summary.leaveDays,
  };
  const after = { ...counts };
  const marked = new Set<string>();
  for (const r of inRange) {
    marked.add(r.date);
    after[r.status] -= 1;
    after.leave += 1;
  }
  after.leave += dates.filter((d) => !marked.has(d)).length;
  const before = attendancePercentages(counts).percentage;
  const afterPct = attendancePercentages(after).percentage;
  // Leave left out whether or not there is any yet, so that the two figures compare.
  const excludingLeave = (c: typeof counts) => monthlyPercentage(c.present + c.late, c.absent);
  return {
    before,
    after: afterPct,
    eligibleBefore: before >= LEAVE_ELIGIBILITY_PERCENT,
    eligibleAfter: afterPct >= LEAVE_ELIGIBILITY_PERCENT,
    excludingLeaveBefore: excludingLeave(counts),
    excludingLeaveAfter: excludingLeave(after),
  };
}

@Injectable()
export class AttendanceService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: DomainEvents,
    @InjectRepository(AttendanceRecord) private readonly records: Repository<AttendanceRecord>,
    private readonly summaries: AttendanceSummaryService,
    private readonly profiles: ProfilesService,
    private readonly audit: AuditService,
    private readonly leaves: LeavesService,
    private readonly guardianNotices: GuardianNoticesService,
    private readonly calendar: CalendarService,
    private readonly cache: ReadCache,
    private readonly clock: Clock,
    private readonly absenceAnswers: AbsenceAnswersService,
  ) {}

  async day(date: string): Promise<DailyAttendanceResponse> {
    // Raw rows, not entities: a day is one row per student of the school. Reads only the (date, menteeId, status) index.
    const rows = await this.records
      .createQueryBuilder('a')
      .select('a.menteeId', 'menteeId')
      .addSelect('a.status', 'status')
      .where('a.date = :date', { date })
      .getRawMany<{ menteeId: string; status: AttendanceStatus }>();
    const attendanceData: AttendanceData = {};
    for (const r of rows) attendanceData[r.menteeId] = { [date]: r.status };
    const onLeave = [...(await this.leaves.menteesOnLeave(date))].sort();
    const overrideReasons: Record<string, string> = {};
    // Reasons are only asked for students on approved leave: look only at their rows.
    if (onLeave.length) {
      const reasons = await this.records.find({
        select: { menteeId: true, overrideReason: true },
        where: { date, menteeId: In(onLeave) },
      });
      for (const r of reasons) if (r.overrideReason) overrideReasons[r.menteeId] = r.overrideReason;
    }
    return {
      date,
      attendanceData,
      onLeave,
      overrideReasons,
      disputedMarks: await this.absenceAnswers.disputedOn(date),
    };
  }

  /**
   * Saves one day for many students in one transaction: every entry is checked first, and an unknown mentee or a
   * malformed entry refuses the whole request. Saving a day again updates its records; it never adds a second one.
   */
  async saveDay(actor: AuthUser, dto: SaveAttendanceDto): Promise<SaveAttendanceResponse> {
    // The school's day, not the server's: a school ahead of UTC saves its morning register before UTC's midnight.
    if (!(await this.calendar.isSchoolDay(dto.date))) throw AttendanceException.notASchoolDay();
    const today = await this.calendar.today();
    if (dto.date > today) throw AttendanceException.futureDate();
    const reasons = dto.overrideReasons ?? {};
    for (const [menteeId, reason] of Object.entries(reasons))
      if (typeof reason !== 'string' || isBlankText(reason) || reason.length > 500)
        throw AttendanceException.badOverrideReason(menteeId);
    const entries = Object.entries(dto.attendanceData);
    if (!entries.length) throw AttendanceException.nothingToSave();
    if (entries.length > MAX_STUDENTS_PER_SAVE) throw AttendanceException.tooManyStudents(MAX_STUDENTS_PER_SAVE);
    const rows: { menteeId: string; status: AttendanceStatus }[] = [];
    for (const [menteeId, days] of entries) {
      if (!isRecordId(menteeId)) throw AttendanceException.notAMenteeId(menteeId);
      const keys = days && typeof days === 'object' && !Array.isArray(days) ? Object.keys(days) : [];
      const status = keys.length === 1 && keys[0] === dto.date ? days[dto.date] : undefined;
      if (!status || !ATTENDANCE_STATUSES.includes(status))
        throw AttendanceException.malformedEntry(menteeId, dto.date);
      rows.push({ menteeId, status });
    }
    // Written (and so locked) in one order, whatever order the request listed the students in: two registers of the
    // same students saved at once then queue for the same first row instead of each holding a row the other needs.
    rows.sort((a, b) => (a.menteeId < b.menteeId ? -1 : a.menteeId > b.menteeId ? 1 : 0));
    const mentors = await withRetry(() =>
      this.db.transaction(async (tx) => {
        const ids = rows.map((r) => r.menteeId);
        const known = await this.profiles.mentorsOf(ids, tx);
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length) throw AttendanceException.unknownMentees(unknown);
        // A student on approved leave marked anything but leave needs the reason, which is kept with the record.
        const onLeave = await this.leaves.menteesOnLeave(dto.date, tx);
        const missing = rows.filter((r) => r.status !== 'leave' && onLeave.has(r.menteeId) && !reasons[r.menteeId]);
        if (missing.length) throw AttendanceException.overrideReasonRequired(missing.map((r) => r.menteeId));
        const reasonOf = (r: { menteeId: string; status: AttendanceStatus }) =>
          r.status !== 'leave' && onLeave.has(r.menteeId) ? reasons[r.menteeId].trim() : null;
        const now = this.clock.now();
        for (let i = 0; i < rows.length; i += CHUNK) {
          const values = rows.slice(i, i + CHUNK).map((r) => ({
            id: randomUUID(),
            menteeId: r.menteeId,
            date: dto.date,
            status: r.status,
            markedById: actor.id,
            overrideReason: reasonOf(r),
            updatedAt: now,
          }));
          await tx
            .createQueryBuilder()
            .insert()
            .into(AttendanceRecord)
            .values(values)
            .orUpdate(['status', 'markedById', 'overrideReason', 'updatedAt'], ['menteeId', 'date'])
            .updateEntity(false)
            .execute();
        }
        await this.queueGuardianNotices(tx, rows, dto.date, today);
        // A disputed absence saved as anything else has been corrected.
        await this.absenceAnswers.corrected(
          tx,
          dto.date,
          rows.filter((r) => r.status !== 'absent').map((r) => r.menteeId),
          actor.id,
        );
        await this.events.emit(tx, 'mentees.changed', { menteeIds: rows.map((r) => r.menteeId) });
        const present = rows.filter((r) => r.status === 'present').length;
        const late = rows.filter((r) => r.status === 'late').length;
        const leave = rows.filter((r) => r.status === 'leave').length;
        await this.audit.record(
          tx,
          actor,
          'attendance.save',
          { type: 'attendance', id: null, label: `Attendance of ${dto.date}` },
          {
            students: { from: null, to: rows.length },
            present: { from: null, to: present },
            absent: { from: null, to: rows.length - present - late - leave },
            ...(late ? { late: { from: null, to: late } } : {}),
            ...(leave ? { leave: { from: null, to: leave } } : {}),
          },
        );
        return new Set(known.values());
      }),
    );
    // The day, its month, these students' dashboards and their mentors' (the admin dashboard shows no attendance).
    await this.cache.retire(
      Scope.attendanceDay(dto.date),
      Scope.attendanceMonth(dto.date),
      rows.map((r) => Scope.menteeDashboard(r.menteeId)),
      [...mentors].flatMap((m) => (m ? Scope.mentorWithAttendance(m) : [])),
    );
    const count = (status: AttendanceStatus) => rows.filter((r) => r.status === status).length;
    return {
      message: 'Attendance saved successfully',
      date: dto.date,
      saved: rows.length,
      present: count('present'),
      absent: count('absent'),
      late: count('late'),
      leave: count('leave'),
    };
  }

  /**
   * Guardians of students marked absent (and not on approved leave) are told after a delay, once a day; the notice is
   * checked again when due (guardianStillDue), so a corrected register or a day that became leave sends nothing.
   * Registers of older days (a correction weeks later) tell no one.
   */
  private async queueGuardianNotices(
    tx: EntityManager,
    rows: { menteeId: string; status: AttendanceStatus }[],
    date: string,
    today: string,
  ): Promise<void> {
    if (daysBetween(date, today) > GUARDIAN_NOTICE_MAX_AGE_DAYS) return;
    const absent = rows.filter((r) => r.status === 'absent').map((r) => r.menteeId);
    if (!absent.length) return;
    const onLeave = await this.leaves.onApprovedLeave(absent, date, tx);
    await this.guardianNotices.queueGuardianAbsence(
      tx,
      absent.filter((id) => !onLeave.has(id)),
      date,
    );
  }

  /** A guardian notice coming due: still marked absent that day, and the day not (now) approved leave. */
  private async guardianStillDue(menteeId: string, day: string): Promise<boolean> {
    const record = await this.records.findOneBy({ menteeId, date: day });
    if (record?.status !== 'absent') return false;
    return !(await this.leaves.onApprovedLeave([menteeId], day)).has(menteeId);
  }

  onModuleInit(): void {
    this.guardianNotices.useGuardianCheck((menteeId, day) => this.guardianStillDue(menteeId, day));
    this.leaves.useAttendance(this.leaveAttendance);
  }

  /** The register's side of leave reconciliation (see LeaveAttendance): the leaves module never writes records. */
  private readonly leaveAttendance: LeaveAttendance = {
    apply: async (tx, leave, presentDays) => {
      if (!leave.dates.length) return { conflicts: [] };
      const existing = await tx.find(AttendanceRecord, {
        where: { menteeId: leave.menteeId, date: In(leave.dates) },
      });
      const byDate = new Map(existing.map((r) => [r.date, r]));
      const conflicts = existing.filter((r) => r.status === 'present' || r.status === 'late').map((r) => r.date);
      if (conflicts.length && !presentDays) return { conflicts: conflicts.sort() };
      const now = this.clock.now();
      // By date: every writer of one student's records takes their locks in the same order.
      const marks = [...leave.dates].sort().flatMap((date) => {
        const before = byDate.get(date);
        if (before?.status === 'leave') return [];
        if (before && (before.status === 'present' || before.status === 'late') && presentDays === 'keep') return [];
        return [
          {
            id: before?.id ?? randomUUID(),
            menteeId: leave.menteeId,
            date,
            status: 'leave' as const,
            markedById: leave.markedById,
            overrideReason: null,
            leaveId: leave.id,
            previousStatus: before?.status ?? null,
            updatedAt: now,
          },
        ];
      });
      if (marks.length)
        await tx
          .createQueryBuilder()
          .insert()
          .into(AttendanceRecord)
          .values(marks)
          .orUpdate(
            ['status', 'markedById', 'overrideReason', 'leaveId', 'previousStatus', 'updatedAt'],
            ['menteeId', 'date'],
          )
          .updateEntity(false)
          .execute();
      for (const m of marks) await this.absenceAnswers.corrected(tx, m.date, [leave.menteeId], leave.markedById);
      return { conflicts: [] };
    },
    restore: async (tx, leaveId) => {
      const marked = await tx.find(AttendanceRecord, { where: { leaveId }, order: { date: 'ASC' } });
      for (const r of marked) {
        // A day the register changed since (an override) keeps its new mark; only the link goes.
        if (r.status !== 'leave')
          await tx.update(AttendanceRecord, { id: r.id }, { leaveId: null, previousStatus: null });
        else if (r.previousStatus === null) await tx.delete(AttendanceRecord, { id: r.id });
        else
          await tx.update(
            AttendanceRecord,
            { id: r.id },
            { status: r.previousStatus, leaveId: null, previousStatus: null },
          );
      }
    },
    impact: async (menteeId, dates): Promise<Omit<LeaveImpact, 'schoolDays'>> => {
      const [summary, inRange] = await Promise.all([
        this.summaries.forMentee(menteeId),
        dates.length
          ? this.records.find({ select: { date: true, status: true }, where: { menteeId, date: In(dates) } })
          : [],
      ]);
      return leaveImpact(summary, inRange, dates);
    },
    forDeciders: async (leaves, mentorId) => {
      const wanted = leaves.filter((l) => l.dates.length);
      const [summaries, records] = await Promise.all([
        mentorId
          ? this.summaries.keptForMentor(mentorId)
          : this.summaries.forMentees([...new Set(leaves.map((l) => l.menteeId))]),
        this.recordsOnDates(wanted),
      ]);
      return leaves.map((l) => {
        const dates = new Set(l.dates);
        const inRange = (records.get(l.menteeId) ?? []).filter((r) => dates.has(r.date));
        return {
          impact: leaveImpact(summaries.get(l.menteeId) ?? EMPTY_SUMMARY, inRange, l.dates),
          presentDays: inRange
            .filter((r) => r.status === 'present' || r.status === 'late')
            .map((r) => r.date)
            .sort(),
        };
      });
    },
  };

  /**
   * The records of each mentee on its dates, by mentee: one statement per LEAVES_PER_STATEMENT leaves (an OR of
   * (menteeId, date IN ...) pairs, each a range of the (menteeId, date) index), one after the other.
   */
  private async recordsOnDates(
    leaves: { menteeId: string; dates: string[] }[],
  ): Promise<Map<string, Pick<AttendanceRecord, 'date' | 'status'>[]>> {
    const byMentee = new Map<string, Pick<AttendanceRecord, 'date' | 'status'>[]>();
    const seen = new Set<string>();
    for (let i = 0; i < leaves.length; i += LEAVES_PER_STATEMENT) {
      const rows = await this.records.find({
        select: { id: true, menteeId: true, date: true, status: true },
        where: leaves.slice(i, i + LEAVES_PER_STATEMENT).map((l) => ({ menteeId: l.menteeId, date: In(l.dates) })),
      });
      for (const r of rows) {
        // Two leaves of one mentee in different statements may share a day: each record once.
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        const list = byMentee.get(r.menteeId) ?? [];
        list.push({ date: r.date, status: r.status });
        byMentee.set(r.menteeId, list);
      }
    }
    return byMentee;
  }

  /** Closing a day takes its marks out of every student's figures: the admin is told how many first. */
  async recorded(dates: string[]): Promise<RecordedDaysResponse> {
    const rows = await this.records
      .createQueryBuilder('r')
      .select('r.date', 'date')
      .addSelect('COUNT(*)', 'marks')
      .where({ date: In([...new Set(dates)]) })
      .groupBy('r.date')
      .orderBy('r.date')
      .getRawMany<{ date: unknown }>();
    const students = rows.length
      ? await this.records
          .createQueryBuilder('r')
          .select('COUNT(DISTINCT r.menteeId)', 'n')
          .where({ date: In([...new Set(dates)]) })
          .getRawOne<{ n: string | number }>()
      : { n: 0 };
    // A raw date is a string on SQLite and a Date on MariaDB: hydrated as the entity's column would be.
    const column = this.records.metadata.findColumnWithPropertyName('date')!;
    const day = (raw: unknown) => this.records.manager.connection.driver.prepareHydratedValue(raw, column) as string;
    return { days: rows.map((r) => day(r.date)), students: Number(students?.n ?? 0) };
  }

  async month(month: number, year: number): Promise<MonthlyAttendanceResponse> {
    const { first: from, last: to } = monthBounds(`${year}-${String(month).padStart(2, '0')}`);
    // Days that are not school days (a closure added after the day was marked) count nowhere.
    const [countsQuery, daysQuery] = await Promise.all([
      this.summaries.schoolDaysOnly(
        countColumns(this.records.createQueryBuilder('a').select('a.menteeId', 'menteeId'))
          .where('a.date BETWEEN :from AND :to', { from, to })
          .groupBy('a.menteeId'),
      ),
      this.summaries.schoolDaysOnly(
        this.records
          .createQueryBuilder('a')
          .select('COUNT(DISTINCT a.date)', 'n')
          .where('a.date BETWEEN :from AND :to', { from, to }),
      ),
    ]);
    const [mentees, counts, days] = await Promise.all([
      this.profiles.register(),
      countsQuery.getRawMany<CountRow & { menteeId: string }>(),
      daysQuery.getRawOne<{ n: string | number }>(),
    ]);
    const byId = new Map(counts.map((c) => [c.menteeId, c]));
    return {
      month,
      year,
      schoolDays: Number(days?.n ?? 0),
      students: mentees.map((m) => {
        const c = toCounts(byId.get(m.id));
        return {
          _id: m.id,
          fullName: m.user!.fullName,
          studentId: m.studentId,
          class: m.className,
          section: m.section,
          ...c,
          ...attendancePercentages(c),
        };
      }),
    };
  }

  async monthCsv(month: number, year: number): Promise<string> {
    const m = await this.month(month, year);
    return toCsv(
      [
        'Student',
        'Student ID',
        'Class',
        'Section',
        'Present',
        'Late',
        'Absent',
        'Leave',
        'Percentage',
        'Percentage excluding leave',
      ],
      m.students.map((s) => [
        s.fullName,
        s.studentId,
        s.class,
        s.section,
        s.present,
        s.late,
        s.absent,
        s.leave,
        s.percentage,
        s.percentageExcludingLeave ?? '',
      ]),
    );
  }

  /** A mentee's record and monthly history: for that mentee's mentor and for admins only. */
  async menteeDetails(me: AuthUser, menteeId: string): Promise<MenteeDetailsResponse> {
    const mentee = await this.profiles.menteeWithMentor(menteeId);
    if (!mentee) throw AttendanceException.menteeNotFound();
    if (me.role !== 'admin' && !(me.role === 'mentor' && mentee.mentorId === me.id))
      throw AttendanceException.notTheirMentor();
    const [summary, history] = await Promise.all([
      this.summaries.forMentee(mentee.id),
      this.summaries.history(mentee.id),
    ]);
    return { ...toMenteeRecord(mentee, summary), attendanceHistory: history, email: mentee.user!.email };
  }

  /** These students' marks from `from` (YYYY-MM-DD) on, for early warning and follow-up outcomes (500 students a statement). */
  async marksSince(
    menteeIds: readonly string[],
    from: string,
  ): Promise<{ menteeId: string; date: string; status: AttendanceStatus }[]> {
    const out: { menteeId: string; date: string; status: AttendanceStatus }[] = [];
    for (let i = 0; i < menteeIds.length; i += 500)
      for (const r of await this.records.find({
        select: { menteeId: true, date: true, status: true },
        where: { menteeId: In(menteeIds.slice(i, i + 500)), date: MoreThanOrEqual(from) },
      }))
        out.push({ menteeId: r.menteeId, date: dateOnly(r.date), status: r.status });
    return out;
  }
}
