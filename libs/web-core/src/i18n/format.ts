import type { ConfigType } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY, formatSchool, useSchoolTimeZone } from '../dates';
import { i18n } from './i18n';

/** The date patterns each language writes (common catalogue, `format.*`), in dayjs's tokens. */
export type DatePattern = 'date' | 'dateTime' | 'dayMonth' | 'monthYear' | 'shortMonthYear' | 'weekdayDate' | 'time';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = i18n.language === 'hi' ? 'hi-IN' : 'en-IN';
  const key = `${locale}${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/**
 * Dates and numbers in the current language: `formats.date(d)` is "24 Nov 2026" in English and "24 नव॰ 2026" in
 * Hindi; an instant is written on the school's clock (dates.ts). Outside React; components call `useFormat()` so they
 * redraw when the language changes.
 */
export const formats = {
  pattern: (pattern: DatePattern, value: ConfigType): string => formatSchool(value, i18n.t(`common:format.${pattern}`)),
  date: (value: ConfigType) => formats.pattern('date', value),
  dateTime: (value: ConfigType) => formats.pattern('dateTime', value),
  dayMonth: (value: ConfigType) => formats.pattern('dayMonth', value),
  monthYear: (value: ConfigType) => formats.pattern('monthYear', value),
  shortMonthYear: (value: ConfigType) => formats.pattern('shortMonthYear', value),
  weekdayDate: (value: ConfigType) => formats.pattern('weekdayDate', value),
  time: (value: ConfigType) => formats.pattern('time', value),
  /** A date picker's `format`: it shows the language's date ("27 Nov 2026") and takes that or YYYY-MM-DD typed. */
  picker: (): string[] => [i18n.t('common:format.date'), DAY],
  number: (n: number, options?: Intl.NumberFormatOptions) => numberFormat(options).format(n),
  /** 87.5 → "87.5%" (the value is already a percentage). */
  percent: (n: number, maximumFractionDigits = 1) =>
    numberFormat({ style: 'percent', maximumFractionDigits }).format(n / 100),
};

/** `formats`, redrawn on a change of language or when the school's time zone becomes known. */
export function useFormat(): typeof formats {
  useTranslation('common');
  useSchoolTimeZone();
  return formats;
}
