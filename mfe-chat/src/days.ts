import dayjs, { type Dayjs } from 'dayjs';
import { i18n } from '@portal/web-core';
import './i18n';

/** The chat's text or date pattern in the current language (the callers redraw through their catalogue hook). */
const text = (key: string) => i18n.t(key, { ns: 'chat' });

/** The separator above the first message of a day: Today, Yesterday, a weekday and date, or a date of another year. */
export function dayLabel(date: string | Date, now: Dayjs = dayjs()): string {
  const d = dayjs(date);
  if (d.isSame(now, 'day')) return text('days.today');
  if (d.isSame(now.subtract(1, 'day'), 'day')) return text('days.yesterday');
  return d.format(d.isSame(now, 'year') ? text('format.weekdayDayMonth') : text('format.dayMonthYear'));
}

/** A short time for a sidebar row: the time today, "Yesterday", or the date (with the year when it is not this one). */
export function shortStamp(date: string | Date, now: Dayjs = dayjs()): string {
  const d = dayjs(date);
  if (d.isSame(now, 'day')) return d.format(i18n.t('common:format.time'));
  if (d.isSame(now.subtract(1, 'day'), 'day')) return text('days.yesterday');
  return d.format(d.isSame(now, 'year') ? text('format.shortDayMonth') : text('format.shortDayMonthYear'));
}

/** The full date and time, for a message's tooltip. */
export const fullStamp = (date: string | Date): string => dayjs(date).format(text('format.full'));
