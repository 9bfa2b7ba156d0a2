import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import {
  DEFAULT_GUARDIAN_DIGEST_AT,
  SICK_LEAVE_BACKFILL_DAYS,
  isSchoolDay,
  type QuietHours,
  type SchoolCalendar,
  type SchoolClosure,
  type UpdateSchoolCalendarRequest,
} from '@portal/contracts';
import { AuditService, diff } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SchoolClosureDay, SchoolSettings } from './calendar.entity';
import { CalendarException } from './calendar.exception';
import { Clock } from '../dates/clock';
import { dayIn, daysBetween, monthBounds } from '../dates/days';
import { schoolDatesBetween, type CalendarRules } from './school-days';

/** The whole calendar as the API uses it: every closure (a school has a few dozen), settings with their defaults. */
export interface SchoolRules extends CalendarRules {
  timezone: string;
  sickLeaveBackfillDays: number;
  /** The school office's e-mail address an admin set, or null. */
  contactEmail: string | null;
  quietHours: QuietHours | null;
  guardianDigestAt: string;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The minute of the day `at` is in this time zone (0 to 1439). */
function minuteOfDay(at: Date, timezone: string): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':')
    .map(Number);
  return h * 60 + m;
}

/**
 * When the quiet hours around `at` end (on the minute), or null when `at` is outside them. The minute of the day
 * is read in the school's time zone; a window that runs past midnight (21:00 to 07:00) ends the next morning.
 */
export function quietHoursEnd(quiet: QuietHours | null, at: Date, timezone: string): Date | null {
  if (!quiet || quiet.start === quiet.end) return null;
  const now = minuteOfDay(at, timezone);
  const [start, end] = [minutesOf(quiet.start), minutesOf(quiet.end)];
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return null;
  const ahead = (end - now + 1440) % 1440;
  return new Date(at.getTime() + ahead * 60_000 - (at.getTime() % 60_000));
}

/** The last moment at or before `at` when the clock in this time zone read `hhmm` (on the minute). */
export function lastTimeOfDay(hhmm: string, at: Date, timezone: string): Date {
  const since = (minuteOfDay(at, timezone) - minutesOf(hhmm) + 1440) % 1440;
  return new Date(at.getTime() - since * 60_000 - (at.getTime() % 60_000));
}

/** How long an instance trusts its copy: other instances' changes show within this (its own at once). */
export const CALENDAR_CACHE_MS = 5000;
export const MAX_CALENDAR_RANGE_DAYS = 366;

const parseWeekend = (s: string): number[] => (s ? s.split(',').map(Number) : []);

/** The school calendar: settings, closures, the school's today, and which days are school days. */
@Injectable()
export class CalendarService {
  /** `at`: performance.now() of the read: an age, on the monotonic clock, not a moment of the school's. */
  private cached: { rules: SchoolRules; at: number } | null = null;
  private loading: Promise<SchoolRules> | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(SchoolSettings) private readonly settings: Repository<SchoolSettings>,
    @InjectRepository(SchoolClosureDay) private readonly closures: Repository<SchoolClosureDay>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** The calendar, re-read at most every few seconds. */
  async rules(): Promise<SchoolRules> {
    if (this.cached && performance.now() - this.cached.at < CALENDAR_CACHE_MS) return this.cached.rules;
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(): Promise<SchoolRules> {
    const [row, closures] = await Promise.all([
      this.settings.findOneBy({ id: 1 }),
      this.closures.find({ order: { date: 'ASC' } }),
    ]);
    const rules: SchoolRules = {
      timezone: row?.timezone ?? this.config.schoolTimezone,
      weekendDays: row ? parseWeekend(row.weekendDays) : [0],
      termStart: row?.termStart ?? null,
      termEnd: row?.termEnd ?? null,
      sickLeaveBackfillDays: row?.sickLeaveBackfillDays ?? SICK_LEAVE_BACKFILL_DAYS,
      contactEmail: row?.contactEmail ?? null,
      quietHours:
        row?.quietHoursStart && row.quietHoursEnd ? { start: row.quietHoursStart, end: row.quietHoursEnd } : null,
      guardianDigestAt: row?.guardianDigestAt ?? DEFAULT_GUARDIAN_DIGEST_AT,
      closures: closures.map((c) => ({ date: c.date, reason: c.reason })),
    };
    this.cached = { rules, at: performance.now() };
    return rules;
  }

  /** When the school's quiet hours end, if it is within them now (a guardian's e-mail other than a safety notice waits). */
  async quietUntil(): Promise<Date | null> {
    const r = await this.rules();
    return quietHoursEnd(r.quietHours, this.clock.now(), r.timezone);
  }

  /** The latest time the guardians' daily digest was due (today's, once its time has passed; else yesterday's). */
  async lastDigestTime(): Promise<Date> {
    const r = await this.rules();
    return lastTimeOfDay(r.guardianDigestAt, this.clock.now(), r.timezone);
  }

  /** The school's today (YYYY-MM-DD) in its time zone. */
  async today(): Promise<string> {
    return this.todayIn((await this.rules()).timezone);
  }

  todayIn(zone: string): string {
    return dayIn(this.clock.now(), zone);
  }

  async isSchoolDay(date: string): Promise<boolean> {
    return isSchoolDay(date, await this.rules());
  }

  /** The school days from start to end inclusive. */
  async schoolDaysBetween(start: string, end: string): Promise<string[]> {
    return schoolDatesBetween(start, end, await this.rules());
  }

  async calendar(from: string, to: string): Promise<SchoolCalendar> {
    if (to < from || daysBetween(from, to) + 1 > MAX_CALENDAR_RANGE_DAYS)
      throw CalendarException.badRange(MAX_CALENDAR_RANGE_DAYS);
    const r = await this.rules();
    return {
      timezone: r.timezone,
      today: this.todayIn(r.timezone),
      weekendDays: r.weekendDays,
      termStart: r.termStart,
      termEnd: r.termEnd,
      sickLeaveBackfillDays: r.sickLeaveBackfillDays,
      closures: r.closures.filter((c) => c.date >= from && c.date <= to),
      contactEmail: r.contactEmail,
      quietHours: r.quietHours,
      guardianDigestAt: r.guardianDigestAt,
    };
  }

  private async currentMonth(): Promise<SchoolCalendar> {
    const { first, last } = monthBounds((await this.today()).slice(0, 7));
    return this.calendar(first, last);
  }

  async update(me: AuthUser, dto: UpdateSchoolCalendarRequest): Promise<SchoolCalendar> {
    if (!Object.values(dto).some((v) => v !== undefined)) throw CalendarException.nothingToUpdate();
    await this.db.transaction(async (tx) => {
      const row = await tx.findOneBy(SchoolSettings, { id: 1 });
      const before = {
        timezone: row?.timezone ?? this.config.schoolTimezone,
        weekendDays: row?.weekendDays ?? '0',
        termStart: row?.termStart ?? null,
        termEnd: row?.termEnd ?? null,
        sickLeaveBackfillDays: row?.sickLeaveBackfillDays ?? SICK_LEAVE_BACKFILL_DAYS,
        contactEmail: row?.contactEmail ?? null,
        quietHoursStart: row?.quietHoursStart ?? null,
        quietHoursEnd: row?.quietHoursEnd ?? null,
        guardianDigestAt: row?.guardianDigestAt ?? null,
      };
      const after = {
        timezone: dto.timezone ?? before.timezone,
        weekendDays:
          dto.weekendDays !== undefined ? [...dto.weekendDays].sort((a, b) => a - b).join(',') : before.weekendDays,
        termStart: dto.termStart !== undefined ? dto.termStart : before.termStart,
        termEnd: dto.termEnd !== undefined ? dto.termEnd : before.termEnd,
        sickLeaveBackfillDays: dto.sickLeaveBackfillDays ?? before.sickLeaveBackfillDays,
        contactEmail: dto.contactEmail !== undefined ? dto.contactEmail || null : before.contactEmail,
        quietHoursStart: dto.quietHours !== undefined ? (dto.quietHours?.start ?? null) : before.quietHoursStart,
        quietHoursEnd: dto.quietHours !== undefined ? (dto.quietHours?.end ?? null) : before.quietHoursEnd,
        guardianDigestAt: dto.guardianDigestAt ?? before.guardianDigestAt,
      };
      if (dto.quietHours && dto.quietHours.start === dto.quietHours.end) throw CalendarException.quietHoursEmpty();
      if (after.termStart && after.termEnd && after.termEnd < after.termStart)
        throw CalendarException.termEndsBeforeStart();
      await tx.save(tx.create(SchoolSettings, { id: 1, ...after }));
      await this.audit.record(
        tx,
        me,
        'calendar.update',
        { type: 'calendar', id: null, label: 'School calendar' },
        diff(before, after),
      );
    });
    this.cached = null;
    return this.currentMonth();
  }

  /** Adds closures, or renames those already there: sending the same list again changes nothing. */
  async addClosures(me: AuthUser, list: SchoolClosure[]): Promise<SchoolCalendar> {
    const seen = new Set<string>();
    for (const c of list) {
      if (seen.has(c.date)) throw CalendarException.duplicateClosure(c.date);
      seen.add(c.date);
    }
    const dates = [...seen].sort();
    await this.db.transaction(async (tx) => {
      await tx.upsert(SchoolClosureDay, list, ['date']);
      await this.audit.record(
        tx,
        me,
        'calendar.closures.add',
        { type: 'calendar', id: null, label: `Closures ${dates[0]} to ${dates[dates.length - 1]}` },
        { closures: { from: null, to: list.map((c) => `${c.date} ${c.reason}`).join('; ') } },
      );
    });
    this.cached = null;
    return this.calendar(dates[0], dates[dates.length - 1]);
  }

  /** Removing a closure that is not there is not an error (the day is a school day either way). */
  async removeClosure(me: AuthUser, date: string): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      const existing = await tx.findOneBy(SchoolClosureDay, { date });
      if (!existing) return;
      await tx.delete(SchoolClosureDay, { date });
      await this.audit.record(
        tx,
        me,
        'calendar.closures.remove',
        { type: 'calendar', id: null, label: `Closure ${date}` },
        { closure: { from: `${date} ${existing.reason}`, to: null } },
      );
    });
    this.cached = null;
    return { message: `${date} is no longer a closure` };
  }
}
