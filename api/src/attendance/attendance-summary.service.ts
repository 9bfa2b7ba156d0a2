import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { AttendanceHistoryEntry, AttendanceSummary } from '@portal/contracts';
import { AccountCleanupRegistry, CLEANUP_ORDER, type Removed } from '../users/account-cleanup.registry';
import { UsersService } from '../users/users.service';
import { AttendanceRecord } from './entities/attendance-record.entity';

export const EMPTY_SUMMARY: AttendanceSummary = { totalDays: 0, presentDays: 0, percentage: 0 };

/** Percentage as SPEC.md section 3: rounded present/total*100, 0 when there are no days. */
export function summarize(totalDays: number, presentDays: number): AttendanceSummary {
  return { totalDays, presentDays, percentage: totalDays ? Math.round((presentDays / totalDays) * 100) : 0 };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Summaries are derived from the per-day records, so they can never drift from them. */
@Injectable()
export class AttendanceSummaryService implements OnModuleInit {
  constructor(
    @InjectRepository(AttendanceRecord) private readonly records: Repository<AttendanceRecord>,
    private readonly users: UsersService,
    private readonly cleanup: AccountCleanupRegistry,
  ) {}

  /** A mentee's profile shows their attendance; a deleted mentee's records go with the account. */
  onModuleInit(): void {
    this.users.useMenteeAttendance(async (menteeId) => {
      const [summary, history] = await Promise.all([this.forMentee(menteeId), this.history(menteeId)]);
      return { summary, history };
    });
    this.cleanup.register(CLEANUP_ORDER.attendance, async (user, tx): Promise<Removed> => {
      if (user.role !== 'mentee') return {};
      return { attendanceRecords: (await tx.delete(AttendanceRecord, { menteeId: user.id })).affected ?? 0 };
    });
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

  private perMentee(key = 'a.menteeId') {
    return this.records
      .createQueryBuilder('a')
      .select(key, 'menteeId')
      .addSelect('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN a.status = 'present' THEN 1 ELSE 0 END)", 'present')
      .groupBy(key);
  }

  private async summaries(
    qb: ReturnType<AttendanceSummaryService['perMentee']>,
  ): Promise<Map<string, AttendanceSummary>> {
    const rows = await qb.getRawMany<{ menteeId: string; total: string | number; present: string | number }>();
    return new Map(rows.map((r) => [r.menteeId, summarize(Number(r.total), Number(r.present))]));
  }

  async forMentee(menteeId: string): Promise<AttendanceSummary> {
    return (await this.forMentees([menteeId])).get(menteeId) ?? EMPTY_SUMMARY;
  }

  /** Month by month, oldest first, for the months that have records. */
  async history(menteeId: string): Promise<AttendanceHistoryEntry[]> {
    const rows: { month: string; total: string | number; present: string | number }[] = await this.records
      .createQueryBuilder('a')
      .select('SUBSTR(a.date, 1, 7)', 'month')
      .addSelect('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN a.status = 'present' THEN 1 ELSE 0 END)", 'present')
      .where({ menteeId })
      .groupBy('month')
      .orderBy('month', 'ASC')
      .getRawMany();
    return rows.map((r) => {
      const s = summarize(Number(r.total), Number(r.present));
      return { month: r.month, percentage: s.percentage, presentDays: s.presentDays, totalDays: s.totalDays };
    });
  }

  /**
   * Mean of each student's present share over [from, to] (YYYY-MM-DD), one decimal: every student with a recorded day
   * weighs the same, however many of their days were recorded.
   */
  async studentAverageBetween(from: string, to: string): Promise<{ average: number; students: number }> {
    const rows = await this.perMentee()
      .where('a.date BETWEEN :from AND :to', { from, to })
      .getRawMany<{ total: string | number; present: string | number }>();
    if (!rows.length) return { average: 0, students: 0 };
    const sum = rows.reduce((s, r) => s + Number(r.present) / Number(r.total), 0);
    return { average: round1((sum / rows.length) * 100), students: rows.length };
  }

  /** Present share of all records dated in [from, to] (YYYY-MM-DD), one decimal; days = distinct school days recorded. */
  async schoolBetween(from: string, to: string): Promise<{ average: number; days: number }> {
    const row = await this.records
      .createQueryBuilder('a')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN a.status = 'present' THEN 1 ELSE 0 END)", 'present')
      .addSelect('COUNT(DISTINCT a.date)', 'days')
      .where('a.date BETWEEN :from AND :to', { from, to })
      .getRawOne<{ total: string | number; present: string | number | null; days: string | number }>();
    const total = Number(row?.total ?? 0);
    return { average: total ? round1((Number(row?.present ?? 0) / total) * 100) : 0, days: Number(row?.days ?? 0) };
  }
}
