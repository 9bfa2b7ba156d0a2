import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { AttendanceHistoryEntry, AttendanceSummary } from '@portal/contracts';
import { AttendanceRecord } from './entities/attendance-record.entity';

export const EMPTY_SUMMARY: AttendanceSummary = { totalDays: 0, presentDays: 0, percentage: 0 };

/** Percentage as SPEC.md section 3: rounded present/total*100, 0 when there are no days. */
export function summarize(totalDays: number, presentDays: number): AttendanceSummary {
  return { totalDays, presentDays, percentage: totalDays ? Math.round((presentDays / totalDays) * 100) : 0 };
}

/** Summaries are derived from the per-day records, so they can never drift from them. */
@Injectable()
export class AttendanceSummaryService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async forMentees(menteeIds: string[]): Promise<Map<string, AttendanceSummary>> {
    if (!menteeIds.length) return new Map();
    return this.summaries(this.perMentee().where({ menteeId: In(menteeIds) }));
  }

  /**
   * Every mentee of a mentor, by a join: it needs no list of ids first, so it can run alongside the list. Grouped by
   * m.id, the order the mentorId index yields them in, MariaDB streams the groups instead of sorting them in a
   * temporary table (67 students of 150 days: 3 ms against 10).
   */
  forMentor(mentorId: string): Promise<Map<string, AttendanceSummary>> {
    return this.summaries(this.perMentee('m.id').innerJoin('a.mentee', 'm').where('m.mentorId = :mentorId', { mentorId }));
  }

  private perMentee(key = 'a.menteeId') {
    return this.db.getRepository(AttendanceRecord).createQueryBuilder('a')
      .select(key, 'menteeId')
      .addSelect('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN a.status = 'present' THEN 1 ELSE 0 END)", 'present')
      .groupBy(key);
  }

  private async summaries(qb: ReturnType<AttendanceSummaryService['perMentee']>): Promise<Map<string, AttendanceSummary>> {
    const rows = await qb.getRawMany<{ menteeId: string; total: string | number; present: string | number }>();
    return new Map(rows.map((r) => [r.menteeId, summarize(Number(r.total), Number(r.present))]));
  }

  async forMentee(menteeId: string): Promise<AttendanceSummary> {
    return (await this.forMentees([menteeId])).get(menteeId) ?? EMPTY_SUMMARY;
  }

  /** Month by month, oldest first, for the months that have records. */
  async history(menteeId: string): Promise<AttendanceHistoryEntry[]> {
    const rows: { month: string; total: string | number; present: string | number }[] = await this.db
      .getRepository(AttendanceRecord)
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
}
