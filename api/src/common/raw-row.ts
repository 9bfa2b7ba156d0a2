import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Reading a list as flat rows (getRawMany) rather than entities: one statement with its joins, only the columns the
 * response shows, and no hydration of the related entities. A module declares its row type and where each field comes
 * from ("alias.column"), and maps the row with the helpers below, which make the two drivers' values the same.
 */
export type RowColumns<R> = Record<keyof R & string, string>;
/** What a driver returns for a date or date-time column. */
export type RawDate = Date | string;

/** Selects exactly these columns, each under its field name. */
export function selectRow<T extends ObjectLiteral, R>(
  qb: SelectQueryBuilder<T>,
  columns: RowColumns<R>,
): SelectQueryBuilder<T> {
  const [[firstAlias, first], ...rest] = Object.entries<string>(columns);
  return rest.reduce((q, [alias, column]) => q.addSelect(column, alias), qb.select(first, firstAlias));
}

/** A date-time column as the API's ISO string: mysql2 gives a Date (UTC, timezone 'Z'); SQLite UTC text "YYYY-MM-DD HH:MM:SS[.SSS]". */
export function isoDateTime(value: RawDate | null): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  const text = value.replace(' ', 'T');
  return new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`).toISOString();
}

/** A date-only column as YYYY-MM-DD: SQLite gives that text; mysql2 a Date at UTC midnight. */
export const dateOnly = (value: RawDate): string => (value instanceof Date ? value.toISOString().slice(0, 10) : value);
