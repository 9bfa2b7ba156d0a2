import { stringify } from 'csv-stringify/sync';

/**
 * A CSV document of the given rows. Cells that a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) are prefixed with an apostrophe; quoting and escaping are csv-stringify's.
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const safe = (v: string | number | null | undefined) => {
    if (v == null) return '';
    const s = String(v);
    return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  };
  return stringify([header, ...rows.map((r) => r.map(safe))], { quoted_string: false, record_delimiter: '\r\n' });
}
