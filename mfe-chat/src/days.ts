import dayjs, { type Dayjs } from 'dayjs';

/** The separator above the first message of a day: Today, Yesterday, a weekday and date, or a date of another year. */
export function dayLabel(date: string | Date, now: Dayjs = dayjs()): string {
  const d = dayjs(date);
  if (d.isSame(now, 'day')) return 'Today';
  if (d.isSame(now.subtract(1, 'day'), 'day')) return 'Yesterday';
  return d.format(d.isSame(now, 'year') ? 'dddd, D MMMM' : 'D MMMM YYYY');
}

/** A short time for a sidebar row: the time today, "Yesterday", or the date (with the year when it is not this one). */
export function shortStamp(date: string | Date, now: Dayjs = dayjs()): string {
  const d = dayjs(date);
  if (d.isSame(now, 'day')) return d.format('HH:mm');
  if (d.isSame(now.subtract(1, 'day'), 'day')) return 'Yesterday';
  return d.format(d.isSame(now, 'year') ? 'D MMM' : 'D MMM YYYY');
}

/** The full date and time, for a message's tooltip. */
export const fullStamp = (date: string | Date): string => dayjs(date).format('dddd, D MMMM YYYY, HH:mm');
