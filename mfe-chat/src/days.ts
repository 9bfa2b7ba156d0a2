import dayjs, { type ConfigType } from 'dayjs';
import { DAY, i18n, inSchoolZone, nowMs } from '@portal/web-core';
import './i18n';

/** The chat's text or date pattern in the current language (the callers redraw through their catalogue hook). */
const text = (key: string) => i18n.t(key, { ns: 'chat' });

/** A message's day and time on the school's clock, with "today" and "yesterday" as the school's (not the browser's). */
function onSchoolClock(date: string | Date, now: ConfigType) {
  const d = inSchoolZone(date);
  const today = inSchoolZone(now);
  const day = d.format(DAY);
  return {
    d,
    today: day === today.format(DAY),
    yesterday: day === dayjs(today.format(DAY)).subtract(1, 'day').format(DAY),
    thisYear: d.year() === today.year(),
  };
}

/** The separator above the first message of a day: Today, Yesterday, a weekday and date, or a date of another year. */
export function dayLabel(date: string | Date, now: ConfigType = nowMs()): string {
  const { d, today, yesterday, thisYear } = onSchoolClock(date, now);
  if (today) return text('days.today');
  if (yesterday) return text('days.yesterday');
  return d.format(thisYear ? text('format.weekdayDayMonth') : text('format.dayMonthYear'));
}

/** A short time for a sidebar row: the time today, "Yesterday", or the date (with the year when it is not this one). */
export function shortStamp(date: string | Date, now: ConfigType = nowMs()): string {
  const { d, today, yesterday, thisYear } = onSchoolClock(date, now);
  if (today) return d.format(i18n.t('common:format.time'));
  if (yesterday) return text('days.yesterday');
  return d.format(thisYear ? text('format.shortDayMonth') : text('format.shortDayMonthYear'));
}

/** The full date and time, for a message's tooltip. */
export const fullStamp = (date: string | Date): string => inSchoolZone(date).format(text('format.full'));
