import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import dayjs from 'dayjs';
import { randomUUID } from 'node:crypto';
import { DataSource, type Repository } from 'typeorm';
import {
  ATTENDANCE_STATUSES,
  isSchoolDay,
  monthlyPercentage,
  type AttendanceData,
  type AttendanceStatus,
  type DailyAttendanceResponse,
  type MenteeDetailsResponse,
  type MonthlyAttendanceResponse,
  type SaveAttendanceResponse,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { toCsv } from '../common/csv';
import { isRecordId } from '../common/record-id';
import { ProfilesService } from '../users/profiles.service';
import { toMenteeRecord } from '../users/user.mapper';
import { AttendanceSummaryService } from './attendance-summary.service';
import { AttendanceException } from './attendance.exception';
import type { SaveAttendanceDto } from './dto/save-attendance.dto';
import { AttendanceRecord } from './entities/attendance-record.entity';
import { withRetry } from '../common/with-retry';

export const MAX_STUDENTS_PER_SAVE = 20000;
const CHUNK = 1000;

@Injectable()
export class AttendanceService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(AttendanceRecord) private readonly records: Repository<AttendanceRecord>,
    private readonly summaries: AttendanceSummaryService,
    private readonly profiles: ProfilesService,
    private readonly audit: AuditService,
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
    return { date, attendanceData };
  }

  /**
   * Saves one day for many students in one transaction: every entry is checked first, and an unknown mentee or a
   * malformed entry refuses the whole request. Saving a day again updates its records; it never adds a second one.
   */
  async saveDay(actor: AuthUser, dto: SaveAttendanceDto): Promise<SaveAttendanceResponse> {
    if (dayjs(dto.date).isAfter(dayjs(), 'day')) throw AttendanceException.futureDate();
    if (!isSchoolDay(dto.date)) throw AttendanceException.notASchoolDay();
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
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const ids = rows.map((r) => r.menteeId);
        const known = await this.profiles.existingMenteeIds(ids, tx);
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length) throw AttendanceException.unknownMentees(unknown);
        const now = new Date();
        for (let i = 0; i < rows.length; i += CHUNK) {
          const values = rows.slice(i, i + CHUNK).map((r) => ({
            id: randomUUID(),
            menteeId: r.menteeId,
            date: dto.date,
            status: r.status,
            markedById: actor.id,
            updatedAt: now,
          }));
          await tx
            .createQueryBuilder()
            .insert()
            .into(AttendanceRecord)
            .values(values)
            .orUpdate(['status', 'markedById', 'updatedAt'], ['menteeId', 'date'])
            .updateEntity(false)
            .execute();
        }
        const present = rows.filter((r) => r.status === 'present').length;
        await this.audit.record(
          tx,
          actor,
          'attendance.save',
          { type: 'attendance', id: null, label: `Attendance of ${dto.date}` },
          {
            students: { from: null, to: rows.length },
            present: { from: null, to: present },
            absent: { from: null, to: rows.length - present },
          },
        );
      }),
    );
    const present = rows.filter((r) => r.status === 'present').length;
    return {
      message: 'Attendance saved successfully',
      date: dto.date,
      saved: rows.length,
      present,
      absent: rows.length - present,
    };
  }

  async month(month: number, year: number): Promise<MonthlyAttendanceResponse> {
    const from = dayjs(new Date(Date.UTC(year, month - 1, 1))).format('YYYY-MM-DD');
    const to = dayjs(from).endOf('month').format('YYYY-MM-DD');
    const [mentees, counts, days] = await Promise.all([
      this.profiles.register(),
      this.records
        .createQueryBuilder('a')
        .select('a.menteeId', 'menteeId')
        .addSelect("SUM(CASE WHEN a.status = 'present' THEN 1 ELSE 0 END)", 'present')
        .addSelect("SUM(CASE WHEN a.status = 'absent' THEN 1 ELSE 0 END)", 'absent')
        .where('a.date BETWEEN :from AND :to', { from, to })
        .groupBy('a.menteeId')
        .getRawMany<{ menteeId: string; present: string | number; absent: string | number }>(),
      this.records
        .createQueryBuilder('a')
        .select('COUNT(DISTINCT a.date)', 'n')
        .where('a.date BETWEEN :from AND :to', { from, to })
        .getRawOne<{ n: string | number }>(),
    ]);
    const byId = new Map(counts.map((c) => [c.menteeId, c]));
    return {
      month,
      year,
      schoolDays: Number(days?.n ?? 0),
      students: mentees.map((m) => {
        const c = byId.get(m.id);
        const present = Number(c?.present ?? 0);
        const absent = Number(c?.absent ?? 0);
        return {
          _id: m.id,
          fullName: m.user!.fullName,
          studentId: m.studentId,
          class: m.className,
          section: m.section,
          present,
          absent,
          percentage: monthlyPercentage(present, absent),
        };
      }),
    };
  }

  async monthCsv(month: number, year: number): Promise<string> {
    const m = await this.month(month, year);
    return toCsv(
      ['Student', 'Student ID', 'Class', 'Section', 'Present', 'Absent', 'Percentage'],
      m.students.map((s) => [s.fullName, s.studentId, s.class, s.section, s.present, s.absent, s.percentage]),
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
}
