import Papa from 'papaparse';
import type { SchoolClosure } from '@portal/contracts';

/** What the API accepts (api/src/calendar/dto/calendar.dto.ts). */
export const CLOSURE_REASON_MAX = 200;
export const CLOSURES_PER_IMPORT_MAX = 366;

/** What is wrong with a line; the screen says it in the reader's language. */
export type ClosureProblem =
  | { kind: 'unreadable' }
  | { kind: 'notDate'; date: string }
  | { kind: 'noReason' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'tooMany'; max: number };

export interface ClosureLineError {
  /** 1-based line of the pasted text or file; 0 for the list as a whole. */
  line: number;
  text: string;
  problem: ClosureProblem;
}

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export const isIsoDate = (s: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/**
 * "YYYY-MM-DD,reason" lines (a reason with commas in quotes) into closures, with every bad line reported by number;
 * blank lines and a "date,reason" header are skipped, and a date listed twice keeps its last reason.
 */
export function parseClosureList(text: string): { closures: SchoolClosure[]; errors: ClosureLineError[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const byDate = new Map<string, string>();
  const errors: ClosureLineError[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    const parsed = Papa.parse<string[]>(raw, { delimiter: ',' });
    const fields = (parsed.data[0] ?? []).map((f) => f.trim());
    const fail = (problem: ClosureProblem) => errors.push({ line, text: raw, problem });
    if (parsed.errors.length) return fail({ kind: 'unreadable' });
    const [date = '', ...rest] = fields;
    const reason = rest.join(', ').trim();
    if (i === 0 && date.toLowerCase() === 'date') return;
    if (!isIsoDate(date)) return fail({ kind: 'notDate', date });
    if (!reason) return fail({ kind: 'noReason' });
    if (reason.length > CLOSURE_REASON_MAX) return fail({ kind: 'tooLong', max: CLOSURE_REASON_MAX });
    byDate.set(date, reason);
  });
  const closures = [...byDate].map(([date, reason]) => ({ date, reason })).sort((a, b) => a.date.localeCompare(b.date));
  if (closures.length > CLOSURES_PER_IMPORT_MAX)
    errors.push({ line: 0, text: '', problem: { kind: 'tooMany', max: CLOSURES_PER_IMPORT_MAX } });
  return { closures, errors };
}
