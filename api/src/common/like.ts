/**
 * Search by part of a text: `LOWER(column) LIKE :term ESCAPE '!'` with `term` a bound parameter from `containing`.
 * The user's text is never part of the statement, and its own % and _ match themselves, not any text. `!` escapes on
 * both engines alike (a backslash would need doubling on MariaDB and not on SQLite).
 */
export const LIKE_ESCAPE = "ESCAPE '!'";

/** The pattern of `text` anywhere in a lower-cased column, its wildcards (and the escape itself) taken literally. */
export const containing = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
