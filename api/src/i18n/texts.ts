import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/hi';
import { createInstance, type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, isUserLanguage, type UserLanguage } from '@portal/contracts';
import { EN } from './catalogue.en';
import { HI, type Catalogue } from './catalogue.hi';

/** Every language's catalogue, English first (the fallback of a key another language lacks). */
export const CATALOGUES: Record<UserLanguage, Catalogue> = { en: EN, hi: HI };

type Plain<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${Plain<K>}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message of the catalogue: "notification.leaveFiled.title" (a plural's key without _one / _other). */
export type TextKey = Keys<typeof EN>;

/**
 * Something the server says to a person, kept as a key and its values so that it is written in each reader's language
 * when read (a notification, a risk signal's evidence) or sent (an e-mail). Values are people's own words and figures
 * (as given), other texts (translated too), or lists of either; `count` chooses a plural.
 */
export interface Text {
  key: TextKey;
  params?: TextParams;
}
export type TextParam = string | number | Text | TextList | TextDay;
export type TextParams = { [name: string]: TextParam };
/** Items joined by the language's separator: of names and words (", "), or of sentences (". " in English). */
export interface TextList {
  items: TextParam[];
  join: 'words' | 'sentences';
}

/** A text to store or send: a catalogue message, or English written before messages were kept (stored rows, jobs). */
/** A school day (YYYY-MM-DD), written as the reader's language writes a date: "27 Nov 2026", "27 नव॰ 2026". */
export interface TextDay {
  day: string;
}

export type Said = string | Text;

export const text = (key: TextKey, params?: TextParams): Text => (params ? { key, params } : { key });
export const list = (items: TextParam[], join: TextList['join'] = 'words'): TextList => ({ items, join });
export const day = (date: string): TextDay => ({ day: date });

dayjs.extend(customParseFormat);
const DAY_FORMAT = 'YYYY-MM-DD';

const i18n: I18n = createInstance();
void i18n.init({
  resources: Object.fromEntries(Object.entries(CATALOGUES).map(([lng, c]) => [lng, { translation: c }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: Object.keys(CATALOGUES),
  initAsync: false,
  // Plain text (e-mail bodies, JSON answers): nothing is HTML-escaped.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const isText = (v: unknown): v is Text => typeof v === 'object' && v !== null && typeof (v as Text).key === 'string';
const isList = (v: unknown): v is TextList =>
  typeof v === 'object' && v !== null && Array.isArray((v as TextList).items);
const isDay = (v: unknown): v is TextDay =>
  typeof v === 'object' && v !== null && typeof (v as TextDay).day === 'string';

/**
 * The web app's date format (libs/web-core's catalogues: "D MMM YYYY"), by the same library and its locale data, so that
 * a date in a notification reads exactly as the same date on the page beside it.
 */
function formatDay(date: string, language: UserLanguage): string {
  const at = dayjs(date, DAY_FORMAT, true);
  // A stored value that is not a day is shown as it was written, never as "Invalid Date".
  return at.isValid() ? at.locale(language).format('D MMM YYYY') : date;
}

function value(v: TextParam, language: UserLanguage): string | number {
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (isList(v)) return v.items.map((item) => value(item, language)).join(i18n.t(`list.${v.join}`, { lng: language }));
  if (isDay(v)) return formatDay(v.day, language);
  return render(v, language);
}

/** Whether a stored message can still be written (its key is in the catalogue). */
export const knows = (t: Text): boolean => i18n.exists(t.key, { lng: DEFAULT_LANGUAGE, count: 1 });

/**
 * `said` in `language` (English when the language is unknown or lacks the key). A message whose key the catalogue no
 * longer has gives `fallback`: the English stored with it.
 */
export function render(
  said: Said | null | undefined,
  language: UserLanguage | string = DEFAULT_LANGUAGE,
  fallback = '',
): string {
  if (said === null || said === undefined) return fallback;
  if (typeof said === 'string') return said;
  if (!isText(said) || !knows(said)) return fallback;
  const lng = isUserLanguage(language) ? language : DEFAULT_LANGUAGE;
  const params = Object.fromEntries(Object.entries(said.params ?? {}).map(([k, v]) => [k, value(v, lng)]));
  // People's words are values, never read as nested messages ($t(...)) or placeholders.
  return i18n.t(said.key, { ...params, lng, nest: false, interpolation: { skipOnVariables: true } });
}
