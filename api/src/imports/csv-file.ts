import { parse } from 'csv-parse/sync';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS, type ImportError, type ImportKind } from '@portal/contracts';
import type { ImportRecord } from '../users/account-import.service';

/**
 * The file's data rows by column name, and the file-level errors (header, quoting, row length). Rows are numbered as a
 * spreadsheet shows them (header = 1); blank rows are skipped but still counted.
 */
export function readCsv(kind: ImportKind, text: string): { records: ImportRecord[]; errors: ImportError[] } {
  let table: string[][];
  try {
    // bom: a UTF-8 BOM (Excel's "CSV UTF-8") is dropped; quoting and doubled quotes are Excel's.
    table = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    return {
      records: [],
      errors: [{ row: line, column: null, message: `The file is not valid CSV: ${(e as Error).message}` }],
    };
  }
  const nonBlank = (cells: string[]) => cells.some((c) => c !== '');
  if (!table.length || !nonBlank(table[0]))
    return { records: [], errors: [{ row: 1, column: null, message: 'The first row must name the columns' }] };

  const header = table[0];
  const known = new Map(IMPORT_COLUMNS[kind].map((c) => [c.name.toLowerCase(), c.name]));
  const errors: ImportError[] = [];
  const names = header.map((h) => known.get(h.toLowerCase()) ?? h);
  names.forEach((name, i) => {
    if (!known.has(name.toLowerCase()))
      errors.push({ row: 1, column: name || `column ${i + 1}`, message: `Unknown column "${name}"` });
    else if (names.indexOf(name) !== i)
      errors.push({ row: 1, column: name, message: `Column "${name}" appears twice` });
  });
  for (const c of IMPORT_COLUMNS[kind])
    if (c.required && !names.includes(c.name))
      errors.push({ row: 1, column: c.name, message: `Missing column "${c.name}"` });
  if (errors.length) return { records: [], errors };

  const records: ImportRecord[] = [];
  table.slice(1).forEach((cells, i) => {
    const row = i + 2;
    if (!nonBlank(cells)) return;
    if (cells.length > names.length) {
      errors.push({
        row,
        column: null,
        message: `The row has ${cells.length} cells; the header names ${names.length}`,
      });
      return;
    }
    records.push({
      row,
      cells: Object.fromEntries(IMPORT_COLUMNS[kind].map((c) => [c.name, cells[names.indexOf(c.name)] ?? ''])),
    });
  });
  if (!records.length && !errors.length) errors.push({ row: 2, column: null, message: 'The file has no data rows' });
  if (records.length > MAX_IMPORT_ROWS)
    return {
      records: [],
      errors: [{ row: 1, column: null, message: `At most ${MAX_IMPORT_ROWS} rows per file; split it` }],
    };
  return { records, errors };
}
