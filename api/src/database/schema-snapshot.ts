import { join } from 'node:path';
import type { DataSource, TableColumn } from 'typeorm';

/**
 * The database schema in a form both engines share, for the committed snapshot (schema-snapshot.json) and the schema
 * test that compares each engine's live schema with it (api/test/schema.e2e-spec.ts): on SQLite, synchronized from the
 * entities, it catches an entity changed without a new snapshot; on MariaDB, built by the migrations, a migration that
 * does not match it. `npm run -w api schema:snapshot` writes the file from a MariaDB database migrated from scratch.
 *
 * What is compared: the tables; each column's type family, nullability, default and generation (not the column order,
 * which a migration's ALTER TABLE ... ADD decides); the primary key, unique and plain indexes as ordered column lists
 * (not their names); the foreign keys (columns, referenced table and columns, ON DELETE, ON UPDATE). Not compared: what
 * only MySQL has (charsets, collations, ON UPDATE CURRENT_TIMESTAMP, the index MySQL adds itself for a foreign key).
 */
export interface ColumnSnapshot {
  /** `string(36)`, `text`, `int`, `bool`, `datetime(6)`, `date`, `blob`, `enum('a','b')`, ... (see `typeFamily`). */
  type: string;
  nullable: boolean;
  /** A SQL literal (`'pending'`), a number, a boolean, or `CURRENT_TIMESTAMP`; absent when the column has none. */
  default?: string | number | boolean;
  /** `increment` for an auto-increment key. */
  generated?: string;
}

export interface ForeignKeySnapshot {
  columns: string[];
  table: string;
  referencedColumns: string[];
  onDelete: string;
  onUpdate: string;
}

export interface TableSnapshot {
  columns: Record<string, ColumnSnapshot>;
  primaryKey: string[];
  /** Unique indexes and UNIQUE constraints alike (MySQL keeps both as unique indexes), each its ordered columns. */
  uniques: string[][];
  indexes: string[][];
  foreignKeys: ForeignKeySnapshot[];
}

export interface SchemaSnapshot {
  about?: string;
  tables: Record<string, TableSnapshot>;
}

/** Where the committed snapshot lives, from this folder (src/database) or its build (dist/database). */
export const SCHEMA_SNAPSHOT_FILE = join(__dirname, '..', '..', 'src', 'database', 'schema-snapshot.json');

export const SNAPSHOT_ABOUT =
  'The schema both engines must have: written by `npm run -w api schema:snapshot` from a MariaDB database migrated ' +
  'from scratch; api/test/schema.e2e-spec.ts compares the live schema with it on SQLite and on MariaDB ' +
  '(api/src/database/schema-snapshot.ts says what is compared). Never edit by hand.';

/** The facts of a column that the snapshot keeps, as TypeORM's QueryRunner.getTables() reports them on either engine. */
export type ColumnFacts = Pick<
  TableColumn,
  'name' | 'type' | 'length' | 'precision' | 'scale' | 'isNullable' | 'default' | 'enum' | 'isGenerated'
> & { generationStrategy?: string };

/**
 * One name per type for both engines: MySQL's `int` and SQLite's `integer`; `tinyint` (how MySQL stores a boolean)
 * and `boolean`; MySQL's `enum` and SQLite's `varchar` with a CHECK (TypeORM reads both as `enum` values).
 */
export function typeFamily(column: ColumnFacts): string {
  const type = column.type.toLowerCase();
  if (column.enum?.length) return `enum(${column.enum.map((v) => `'${v}'`).join(',')})`;
  const length = column.length ? `(${column.length})` : '';
  switch (type) {
    case 'varchar':
    case 'character varying':
    case 'nvarchar':
      return `string${length}`;
    case 'int':
    case 'integer':
    case 'int4':
      return 'int';
    case 'bigint':
    case 'int8':
      return 'bigint';
    case 'tinyint':
    case 'boolean':
    case 'bool':
      return 'bool';
    case 'datetime':
    case 'timestamp':
    case 'time':
      return column.precision != null ? `${type}(${column.precision})` : type;
    case 'decimal':
    case 'numeric':
      return `decimal(${column.precision ?? ''},${column.scale ?? ''})`;
    default:
      return `${type}${length}`;
  }
}

/** A default as both engines' catalogues spell it: `CURRENT_TIMESTAMP(6)` and `datetime('now')` are one. */
export function normaliseDefault(column: ColumnFacts, family: string): string | number | boolean | undefined {
  const raw: unknown = column.default;
  if (raw === undefined || raw === null) return undefined;
  const text = String(raw).trim();
  if (/^null$/i.test(text)) return undefined;
  if (/^\(?(current_timestamp(\(\d*\))?|now\(\d*\)|datetime\('now'\))\)?$/i.test(text)) return 'CURRENT_TIMESTAMP';
  if (family === 'bool' && /^'?[01]'?$|^(true|false)$/i.test(text)) return /^'?1'?$|^true$/i.test(text);
  if (/^(int|bigint|decimal)/.test(family) && /^'?-?\d+(\.\d+)?'?$/.test(text)) return Number(text.replace(/'/g, ''));
  return text;
}

export function normaliseColumn(column: ColumnFacts): ColumnSnapshot {
  const type = typeFamily(column);
  const snapshot: ColumnSnapshot = { type, nullable: column.isNullable };
  const def = normaliseDefault(column, type);
  if (def !== undefined) snapshot.default = def;
  if (column.isGenerated) snapshot.generated = column.generationStrategy ?? 'generated';
  return snapshot;
}

/** Keys and indexes as ordered column lists, from the engine's catalogue (TypeORM does not keep their column order). */
interface Keys {
  primaryKey: string[];
  uniques: string[][];
  indexes: string[][];
  foreignKeys: ForeignKeySnapshot[];
}

const isMysql = (db: DataSource) => db.options.type === 'mysql' || db.options.type === 'mariadb';

async function tableNames(db: DataSource): Promise<string[]> {
  const skip = new Set([db.options.migrationsTableName ?? 'migrations', 'typeorm_metadata']);
  const rows: { name: string }[] = isMysql(db)
    ? await db.query(
        `SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'`,
      )
    : await db.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`);
  return rows
    .map((r) => r.name)
    .filter((n) => !skip.has(n))
    .sort();
}

/** By code point, not by locale: the file's order must not depend on who writes it. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortLists = (lists: string[][]) => lists.sort((a, b) => byText(a.join(','), b.join(',')));
const sortForeignKeys = (fks: ForeignKeySnapshot[]) =>
  fks.sort((a, b) => byText(describeForeignKey(a), describeForeignKey(b)));

async function mysqlKeys(db: DataSource): Promise<Map<string, Keys>> {
  const stats: { t: string; idx: string; nonUnique: number | string; col: string }[] = await db.query(
    `SELECT TABLE_NAME AS t, INDEX_NAME AS idx, NON_UNIQUE AS nonUnique, COLUMN_NAME AS col
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
  );
  const fkRows: {
    t: string;
    fk: string;
    col: string;
    refTable: string;
    refCol: string;
    onDelete: string;
    onUpdate: string;
  }[] = await db.query(
    `SELECT k.TABLE_NAME AS t, k.CONSTRAINT_NAME AS fk, k.COLUMN_NAME AS col, k.REFERENCED_TABLE_NAME AS refTable,
            k.REFERENCED_COLUMN_NAME AS refCol, r.DELETE_RULE AS onDelete, r.UPDATE_RULE AS onUpdate
       FROM information_schema.KEY_COLUMN_USAGE k
       JOIN information_schema.REFERENTIAL_CONSTRAINTS r
         ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.TABLE_NAME = k.TABLE_NAME AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME
      WHERE k.TABLE_SCHEMA = DATABASE() ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
  );
  const keys = new Map<string, Keys>();
  const of = (t: string) => {
    if (!keys.has(t)) keys.set(t, { primaryKey: [], uniques: [], indexes: [], foreignKeys: [] });
    return keys.get(t)!;
  };
  const fks = new Map<string, ForeignKeySnapshot>();
  for (const r of fkRows) {
    const id = `${r.t}\0${r.fk}`;
    let fk = fks.get(id);
    if (!fk) {
      fk = { columns: [], table: r.refTable, referencedColumns: [], onDelete: r.onDelete, onUpdate: r.onUpdate };
      fks.set(id, fk);
      of(r.t).foreignKeys.push(fk);
    }
    fk.columns.push(r.col);
    fk.referencedColumns.push(r.refCol);
  }
  const indexes = new Map<string, { t: string; unique: boolean; columns: string[] }>();
  for (const r of stats) {
    // MySQL gives a foreign key without an index of its own one named after the constraint: not part of the design.
    if (fks.has(`${r.t}\0${r.idx}`)) continue;
    const id = `${r.t}\0${r.idx}`;
    if (!indexes.has(id)) indexes.set(id, { t: r.t, unique: Number(r.nonUnique) === 0, columns: [] });
    indexes.get(id)!.columns.push(r.col);
  }
  for (const [id, index] of indexes) {
    const k = of(index.t);
    if (id.endsWith('\0PRIMARY')) k.primaryKey = index.columns;
    else (index.unique ? k.uniques : k.indexes).push(index.columns);
  }
  return keys;
}

async function sqliteKeys(db: DataSource, table: string): Promise<Keys> {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const info: { name: string; pk: number }[] = await db.query(`PRAGMA table_info(${q(table)})`);
  const primaryKey = info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  const list: { name: string; unique: number; origin: string }[] = await db.query(`PRAGMA index_list(${q(table)})`);
  const uniques: string[][] = [];
  const indexes: string[][] = [];
  for (const index of list) {
    if (index.origin === 'pk') continue;
    const cols: { seqno: number; name: string }[] = await db.query(`PRAGMA index_info(${q(index.name)})`);
    const columns = cols.sort((a, b) => a.seqno - b.seqno).map((c) => c.name);
    (index.unique ? uniques : indexes).push(columns);
  }
  const fkRows: {
    id: number;
    seq: number;
    table: string;
    from: string;
    to: string;
    on_update: string;
    on_delete: string;
  }[] = await db.query(`PRAGMA foreign_key_list(${q(table)})`);
  const byId = new Map<number, ForeignKeySnapshot>();
  for (const r of [...fkRows].sort((a, b) => a.id - b.id || a.seq - b.seq)) {
    let fk = byId.get(r.id);
    if (!fk) {
      fk = { columns: [], table: r.table, referencedColumns: [], onDelete: r.on_delete, onUpdate: r.on_update };
      byId.set(r.id, fk);
    }
    fk.columns.push(r.from);
    fk.referencedColumns.push(r.to);
  }
  return { primaryKey, uniques, indexes, foreignKeys: [...byId.values()] };
}

/** The live schema of the database `db` is connected to, normalised as the snapshot keeps it. */
export async function readSchema(db: DataSource): Promise<SchemaSnapshot> {
  const names = await tableNames(db);
  const runner = db.createQueryRunner();
  try {
    const tables = await runner.getTables(names);
    const mysql = isMysql(db) ? await mysqlKeys(db) : undefined;
    const out: Record<string, TableSnapshot> = {};
    for (const table of [...tables].sort((a, b) => byText(a.name, b.name))) {
      const name = table.name.split('.').pop()!;
      const keys = mysql
        ? (mysql.get(name) ?? { primaryKey: [], uniques: [], indexes: [], foreignKeys: [] })
        : await sqliteKeys(db, name);
      const columns: Record<string, ColumnSnapshot> = {};
      for (const column of [...table.columns].sort((a, b) => byText(a.name, b.name)))
        columns[column.name] = normaliseColumn(column);
      out[name] = {
        columns,
        primaryKey: keys.primaryKey,
        uniques: sortLists(keys.uniques),
        indexes: sortLists(keys.indexes),
        foreignKeys: sortForeignKeys(keys.foreignKeys),
      };
    }
    return { tables: out };
  } finally {
    await runner.release();
  }
}

export const describeForeignKey = (fk: ForeignKeySnapshot) =>
  `(${fk.columns.join(', ')}) → ${fk.table}(${fk.referencedColumns.join(', ')}) ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate}`;

const describeColumn = (c: ColumnSnapshot) =>
  [
    c.type,
    c.nullable ? 'NULL' : 'NOT NULL',
    c.default !== undefined ? `DEFAULT ${String(c.default)}` : '',
    c.generated ? `GENERATED ${c.generated}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** What is in one list and not the other, each item as `describe` writes it. */
function listDifferences<T>(
  where: string,
  what: string,
  snapshot: T[],
  live: T[],
  describe: (x: T) => string,
): string[] {
  // As multisets: the same index twice is a difference too.
  const minus = (from: T[], other: T[]) => {
    const left = other.map(describe);
    return from.map(describe).filter((x) => {
      const i = left.indexOf(x);
      if (i >= 0) left.splice(i, 1);
      return i < 0;
    });
  };
  return [
    ...minus(snapshot, live).map((x) => `${where}: ${what} ${x} is in the snapshot, not in the database`),
    ...minus(live, snapshot).map((x) => `${where}: ${what} ${x} is in the database, not in the snapshot`),
  ];
}

/**
 * Every difference between the snapshot and a live schema, one readable line each (`users.phone: nullable: snapshot
 * false, database true`); none when they match.
 */
export function diffSchemas(snapshot: SchemaSnapshot, live: SchemaSnapshot): string[] {
  const out: string[] = [];
  const names = [...new Set([...Object.keys(snapshot.tables), ...Object.keys(live.tables)])].sort();
  for (const name of names) {
    const want = snapshot.tables[name];
    const have = live.tables[name];
    if (!have) {
      out.push(`${name}: table in the snapshot, not in the database`);
      continue;
    }
    if (!want) {
      out.push(`${name}: table in the database, not in the snapshot`);
      continue;
    }
    const columns = [...new Set([...Object.keys(want.columns), ...Object.keys(have.columns)])].sort();
    for (const column of columns) {
      const a = want.columns[column];
      const b = have.columns[column];
      if (!b) out.push(`${name}.${column}: column in the snapshot (${describeColumn(a)}), not in the database`);
      else if (!a) out.push(`${name}.${column}: column in the database (${describeColumn(b)}), not in the snapshot`);
      else
        for (const field of ['type', 'nullable', 'default', 'generated'] as const)
          if (a[field] !== b[field])
            out.push(`${name}.${column}: ${field}: snapshot ${String(a[field])}, database ${String(b[field])}`);
    }
    if (want.primaryKey.join(',') !== have.primaryKey.join(','))
      out.push(
        `${name}: primary key: snapshot (${want.primaryKey.join(', ')}), database (${have.primaryKey.join(', ')})`,
      );
    const cols = (c: string[]) => `(${c.join(', ')})`;
    out.push(...listDifferences(name, 'unique index', want.uniques, have.uniques, cols));
    out.push(...listDifferences(name, 'index', want.indexes, have.indexes, cols));
    out.push(...listDifferences(name, 'foreign key', want.foreignKeys, have.foreignKeys, describeForeignKey));
  }
  return out;
}

/** JSON as one line, spaced as Prettier spaces it (`{ "a": 1, "b": [2, 3] }`). */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object')
    return `{ ${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
      .join(', ')} }`;
  return JSON.stringify(value);
}

/** The snapshot file's text: a table a block, a column, key or index a line (Prettier then wraps the longest). */
export function formatSnapshot(snapshot: SchemaSnapshot): string {
  const block = (entries: string[], indent: string, open = '{', close = '}') =>
    entries.length
      ? `${open}\n${entries.map((e) => `${indent}  ${e}`).join(',\n')}\n${indent}${close}`
      : `${open}${close}`;
  const tables = Object.entries(snapshot.tables).map(([name, t]) => {
    const columns = Object.entries(t.columns).map(([c, col]) => `${JSON.stringify(c)}: ${inline(col)}`);
    return `${JSON.stringify(name)}: ${block(
      [
        `"columns": ${block(columns, '      ')}`,
        `"primaryKey": ${inline(t.primaryKey)}`,
        `"uniques": ${block(t.uniques.map(inline), '      ', '[', ']')}`,
        `"indexes": ${block(t.indexes.map(inline), '      ', '[', ']')}`,
        `"foreignKeys": ${block(t.foreignKeys.map(inline), '      ', '[', ']')}`,
      ],
      '    ',
    )}`;
  });
  const top = [
    ...(snapshot.about ? [`"about": ${JSON.stringify(snapshot.about)}`] : []),
    `"tables": ${block(tables, '  ')}`,
  ];
  return `${block(top, '')}\n`;
}
