import { Brackets, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import { LIKE_ESCAPE, containing } from './like';

// Text helpers of erasure on request (users/erasure.registry.ts): finding a student's values in text and redacting them.

/** Put in place of a student's value in text that stays. */
export const ERASED = '[removed]';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every one of `values` (any case) replaced by ERASED. */
export function redact(text: string, values: readonly string[]): string {
  return values.reduce((out, v) => (v ? out.replace(new RegExp(escapeRegExp(v), 'gi'), ERASED) : out), text);
}

/** A query's rows where any of `columns` contains any of `values` (lower-cased LIKE, wildcards taken literally). */
export function containingAny<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  columns: string[],
  values: readonly string[],
): SelectQueryBuilder<T> {
  return qb.andWhere(
    new Brackets((w) => {
      values.forEach((v, i) =>
        columns.forEach((c) =>
          w.orWhere(`LOWER(${c}) LIKE :erase${i} ${LIKE_ESCAPE}`, { [`erase${i}`]: containing(v) }),
        ),
      );
    }),
  );
}

/** `value` with `values` redacted in it: in a string, or in every string of a JSON value (kept JSON). */
function redactValue(value: unknown, values: readonly string[]): unknown {
  if (typeof value === 'string') return redact(value, values);
  if (value && typeof value === 'object') return JSON.parse(redact(JSON.stringify(value), values));
  return value;
}

/**
 * Redacts the student's values in these columns of every row (keyed by `id`) that holds one, through `repo` (the
 * caller's, in its transaction: `tx.withRepository(repo)`);
 * answers how many rows changed. For system text that stays (notifications, e-mails, the audit log).
 */
export async function redactColumns<T extends ObjectLiteral & { id: string }>(
  repo: Repository<T>,
  columns: (keyof T & string)[],
  values: readonly string[],
): Promise<number> {
  if (!values.length) return 0;
  const rows = await containingAny(
    repo.createQueryBuilder('r'),
    columns.map((c) => `r.${c}`),
    values,
  ).getMany();
  for (const row of rows) {
    const patch = Object.fromEntries(columns.map((c) => [c, redactValue(row[c], values)]));
    await repo.update({ id: row.id } as never, patch as never);
  }
  return rows.length;
}

/** The words around the first mention of `name` in `text`, at most 160 characters. */
export function excerpt(text: string, name: string): string {
  const at = Math.max(0, text.toLowerCase().indexOf(name.toLowerCase()));
  const start = Math.max(0, at - 60);
  const cut = text.slice(start, start + 160);
  return `${start > 0 ? '…' : ''}${cut}${start + 160 < text.length ? '…' : ''}`;
}
