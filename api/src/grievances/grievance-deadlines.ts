import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import {
  GRIEVANCE_DEADLINE_DEFAULTS,
  isSchoolDay,
  type GrievanceDeadlineSettings,
  type GrievancePriority,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { CalendarService } from '../calendar/calendar.service';
import { addDays, dayIn, startOfDayIn } from '../dates/days';
import { GrievanceSettings } from './entities/grievance.entity';

/** A year of days to look through for enough school days (a long break or the end of term in between). */
const SEARCH_DAYS = 400;

/** How long a grievance may stay open: school days by priority (the admins' settings), counted on the school calendar. */
@Injectable()
export class GrievanceDeadlines {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(GrievanceSettings) private readonly settingsRow: Repository<GrievanceSettings>,
    private readonly calendar: CalendarService,
    private readonly audit: AuditService,
  ) {}

  async settings(): Promise<GrievanceDeadlineSettings> {
    const row = await this.settingsRow.findOneBy({ id: 1 });
    if (!row) return { ...GRIEVANCE_DEADLINE_DEFAULTS };
    return { urgent: row.urgentDays, high: row.highDays, medium: row.mediumDays, low: row.lowDays };
  }

  /** New deadlines apply to grievances filed (or re-prioritised) from now on. */
  async update(me: AuthUser, next: GrievanceDeadlineSettings): Promise<GrievanceDeadlineSettings> {
    const before = await this.settings();
    await this.db.transaction(async (tx) => {
      await tx.save(
        tx.create(GrievanceSettings, {
          id: 1,
          urgentDays: next.urgent,
          highDays: next.high,
          mediumDays: next.medium,
          lowDays: next.low,
        }),
      );
      await this.audit.record(
        tx,
        me,
        'grievance.settings',
        { type: 'settings', id: null, label: 'Grievance deadlines' },
        Object.fromEntries(
          (Object.keys(next) as GrievancePriority[])
            .filter((p) => before[p] !== next[p])
            .map((p) => [p, { from: before[p], to: next[p] }]),
        ),
      );
    });
    return this.settings();
  }

  /**
   * The end (midnight, school time) of the Nth school day after the day of filing, N by priority: filed on a Monday,
   * an urgent grievance is due by the end of Tuesday. Without N school days ahead (the term ends), calendar days.
   */
  async deadlineFor(filedAt: Date, priority: GrievancePriority): Promise<Date> {
    const days = (await this.settings())[priority];
    const rules = await this.calendar.rules();
    const filedOn = dayIn(filedAt, rules.timezone);
    let date = filedOn;
    let counted = 0;
    for (let i = 0; i < SEARCH_DAYS && counted < days; i++) {
      date = addDays(date, 1);
      if (isSchoolDay(date, rules)) counted += 1;
    }
    if (counted < days) date = addDays(filedOn, days);
    return startOfDayIn(addDays(date, 1), rules.timezone);
  }
}
