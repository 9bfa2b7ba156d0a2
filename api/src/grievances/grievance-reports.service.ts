import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { GrievanceAnalyticsResponse, GrievanceMonthStats, GrievanceStatus } from '@portal/contracts';
import { CalendarService } from '../calendar/calendar.service';
import { Clock } from '../dates/clock';
import { addMonths, dayIn, startOfDayIn } from '../dates/days';
import { batched } from '../common/batched';
import { toCsv } from '../common/csv';
import { isoDateTime, type RawDate } from '../common/raw-row';
import type { GrievanceFiltersDto } from './dto/list-grievances.query.dto';
import { Grievance } from './entities/grievance.entity';
import { GrievanceReader, OPEN_STATUSES } from './grievance-reader';
import { MENTOR_SEES_SQL, flag, signalAudience } from './grievance-visibility';
import { toGrievanceResponse, type GrievanceRow } from './grievance.mapper';

/**
 * Grievances in numbers, read only: the admins' export and analytics, and the counts and signals other modules ask for
 * (dashboards, early warning), each within the visibility rule (grievance-visibility.ts).
 */
@Injectable()
export class GrievanceReports {
  constructor(
    @InjectRepository(Grievance) private readonly grievances: Repository<Grievance>,
    private readonly reader: GrievanceReader,
    private readonly clock: Clock,
    private readonly calendar: CalendarService,
  ) {}

  /** Every grievance matching the filters (the admin's view: withheld names stay hidden), whatever page is shown. */
  async exportCsv(q: GrievanceFiltersDto): Promise<string> {
    const rows = (await this.reader.query({ kind: 'admin' }, q).getRawMany<GrievanceRow>()).map((g) =>
      toGrievanceResponse(g, 'admin'),
    );
    return toCsv(
      [
        'Ticket',
        'Student',
        'Student ID',
        'Subject',
        'Type',
        'Category',
        'Priority',
        'Status',
        'Confidential',
        'Date of incident',
        'Description',
        'Resolution',
        'Mentor comments',
        'Admin comments',
        'Submitted at',
        'Deadline',
        'Escalated at',
        'Resolved at',
      ],
      rows.map((g) => [
        g.ticketNumber,
        g.menteeId?.fullName ?? g.name,
        g.menteeId?.studentId,
        g.subject,
        g.grievanceType,
        g.category,
        g.priority,
        g.status,
        g.confidential ? 'yes' : 'no',
        g.dateOfIncident,
        g.description,
        g.resolution,
        g.mentorComments,
        g.adminComments,
        g.createdAt,
        g.deadlineAt,
        g.escalatedAt,
        g.resolvedAt,
      ]),
    );
  }

  /** Per month of resolution (last 12): how many were resolved within their deadline, and how many had been reopened. */
  async analytics(): Promise<GrievanceAnalyticsResponse> {
    // The school's months, in its time zone.
    const zone = (await this.calendar.rules()).timezone;
    const thisMonth = dayIn(this.clock.now(), zone).slice(0, 7);
    const from = startOfDayIn(`${addMonths(thisMonth, -11)}-01`, zone);
    const rows = await this.grievances
      .createQueryBuilder('g')
      .select(['g.resolvedAt AS resolvedAt', 'g.deadlineAt AS deadlineAt', 'g.reopenedAt AS reopenedAt'])
      .where("g.status = 'resolved' AND g.resolvedAt >= :from", { from })
      .getRawMany<{ resolvedAt: Date | string; deadlineAt: Date | string | null; reopenedAt: Date | string | null }>();
    const months = new Map<string, GrievanceMonthStats>();
    for (let i = 11; i >= 0; i--) {
      const month = addMonths(thisMonth, -i);
      months.set(month, {
        month,
        resolved: 0,
        resolvedWithinDeadline: 0,
        reopened: 0,
        pctResolvedWithinDeadline: 0,
        pctReopened: 0,
      });
    }
    for (const r of rows) {
      const resolvedAt = isoDateTime(r.resolvedAt)!;
      const m = months.get(dayIn(new Date(resolvedAt), zone).slice(0, 7));
      if (!m) continue;
      m.resolved += 1;
      const deadline = isoDateTime(r.deadlineAt);
      if (!deadline || resolvedAt <= deadline) m.resolvedWithinDeadline += 1;
      if (r.reopenedAt) m.reopened += 1;
    }
    const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
    for (const m of months.values()) {
      m.pctResolvedWithinDeadline = pct(m.resolvedWithinDeadline, m.resolved);
      m.pctReopened = pct(m.reopened, m.resolved);
    }
    return { months: [...months.values()], escalatedOpen: await this.countEscalatedOpen() };
  }

  /** Grievances in these statuses. */
  countInStatus(statuses: GrievanceStatus[]): Promise<number> {
    return this.grievances.countBy({ status: In(statuses) });
  }

  /** Open grievances escalated for passing their deadline (the admin dashboard's flag). */
  countEscalatedOpen(): Promise<number> {
    return this.grievances
      .createQueryBuilder('g')
      .where('g.escalatedAt IS NOT NULL AND g.status IN (:...open)', { open: OPEN_STATUSES })
      .getCount();
  }

  /** A mentor's mentees' grievances, confidential ones left out: all, and those still open, in one statement. */
  async mentorCounts(mentorId: string): Promise<{ total: number; open: number }> {
    const row = await this.grievances
      .createQueryBuilder('g')
      .innerJoin('g.mentee', 'm')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN g.status IN ('pending', 'in-progress') THEN 1 ELSE 0 END)", 'open')
      .where(MENTOR_SEES_SQL('g', 'm'), { mentorId })
      .getRawOne<{ total: string | number; open: string | number | null }>();
    return { total: Number(row?.total ?? 0), open: Number(row?.open ?? 0) };
  }

  /** The counts asked in one turn (students opening their dashboards) share a statement. */
  countOfMentee(menteeId: string): Promise<number> {
    return this.countsOfMentees(menteeId);
  }

  private readonly countsOfMentees = batched(async (ids: readonly string[]) => {
    const rows = await this.grievances
      .createQueryBuilder('g')
      .select('g.menteeId', 'menteeId')
      .addSelect('COUNT(*)', 'n')
      .where({ menteeId: In([...ids]) })
      .groupBy('g.menteeId')
      .getRawMany<{ menteeId: string; n: string | number }>();
    return new Map(rows.map((r) => [r.menteeId, Number(r.n)]));
  }, 0);

  /**
   * These students' open grievances as early warning may use them: when each was filed, and who may be told of the
   * student because of it (grievance-visibility.ts `signalAudience`: the mentor, the admins, or nobody).
   */
  async openForSignals(
    menteeIds: readonly string[],
  ): Promise<{ menteeId: string; filedAt: Date; audience: 'mentor' | 'admins' | 'none' }[]> {
    const out: { menteeId: string; filedAt: Date; audience: 'mentor' | 'admins' | 'none' }[] = [];
    for (let i = 0; i < menteeIds.length; i += 500) {
      const rows = await this.grievances
        .createQueryBuilder('g')
        .innerJoin('g.mentee', 'm')
        .select([
          'g.menteeId AS menteeId',
          'g.createdAt AS createdAt',
          'g.confidential AS confidential',
          'g.nameWithheld AS nameWithheld',
          'g.identityRevealedAt AS identityRevealedAt',
          'm.mentorId AS mentorId',
        ])
        .where({ menteeId: In(menteeIds.slice(i, i + 500)), status: In(OPEN_STATUSES) })
        .getRawMany<{
          menteeId: string;
          createdAt: RawDate;
          confidential: unknown;
          nameWithheld: unknown;
          identityRevealedAt: RawDate | null;
          mentorId: string | null;
        }>();
      for (const r of rows)
        out.push({
          menteeId: r.menteeId,
          filedAt: new Date(isoDateTime(r.createdAt)!),
          audience: signalAudience({
            ...r,
            confidential: flag(r.confidential as number),
            nameWithheld: flag(r.nameWithheld as number),
          }),
        });
    }
    return out;
  }
}
