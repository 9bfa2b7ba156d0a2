import { readFileSync } from 'node:fs';
import {
  SCHEMA_SNAPSHOT_FILE,
  diffSchemas,
  formatSnapshot,
  normaliseColumn,
  type ColumnFacts,
  type SchemaSnapshot,
  type TableSnapshot,
} from './schema-snapshot';

const column = (facts: Partial<ColumnFacts>): ColumnFacts => ({
  name: 'c',
  type: 'varchar',
  length: '',
  isNullable: false,
  isGenerated: false,
  ...facts,
});

/** A small schema in the snapshot's form; `change` edits a deep copy of it. */
const users = (): TableSnapshot => ({
  columns: {
    id: { type: 'string(36)', nullable: false },
    email: { type: 'string(254)', nullable: false },
    phone: { type: 'string(30)', nullable: false, default: "''" },
    role: { type: "enum('admin','mentor','mentee')", nullable: false },
    isActive: { type: 'bool', nullable: false, default: true },
    createdAt: { type: 'datetime(6)', nullable: false, default: 'CURRENT_TIMESTAMP' },
  },
  primaryKey: ['id'],
  uniques: [['email']],
  indexes: [['createdAt'], ['role', 'isActive']],
  foreignKeys: [],
});
const base = (): SchemaSnapshot => ({
  tables: {
    users: users(),
    sign_ins: {
      columns: { userId: { type: 'string(36)', nullable: false }, at: { type: 'datetime(6)', nullable: false } },
      primaryKey: ['userId', 'at'],
      uniques: [],
      indexes: [],
      foreignKeys: [
        { columns: ['userId'], table: 'users', referencedColumns: ['id'], onDelete: 'CASCADE', onUpdate: 'NO ACTION' },
      ],
    },
  },
});
const change = (edit: (s: SchemaSnapshot) => void): SchemaSnapshot => {
  const copy = structuredClone(base());
  edit(copy);
  return copy;
};

describe('the schema snapshot', () => {
  it("gives MariaDB's and SQLite's spellings of one column the same form", () => {
    // Each pair as TypeORM's QueryRunner.getTables() reads the same entity column: MariaDB (migrated), SQLite (synced).
    const pairs: [Partial<ColumnFacts>, Partial<ColumnFacts>][] = [
      [
        { type: 'tinyint', default: '1' },
        { type: 'boolean', default: '1' },
      ],
      [
        { type: 'int', default: '0' },
        { type: 'integer', default: '0' },
      ],
      [
        { type: 'datetime', precision: 6, default: 'CURRENT_TIMESTAMP(6)' },
        { type: 'datetime', precision: 6, default: "datetime('now')" },
      ],
      [
        { type: 'enum', enum: ['pending', 'sent'], default: "'pending'" },
        { type: 'varchar', enum: ['pending', 'sent'], default: "'pending'" },
      ],
      [
        { type: 'int', isGenerated: true, generationStrategy: 'increment' },
        { type: 'integer', isGenerated: true, generationStrategy: 'increment' },
      ],
    ];
    for (const [mariadb, sqlite] of pairs)
      expect(normaliseColumn(column(mariadb))).toEqual(normaliseColumn(column(sqlite)));
    expect(normaliseColumn(column({ type: 'varchar', length: '30', default: "''", isNullable: true }))).toEqual({
      type: 'string(30)',
      nullable: true,
      default: "''",
    });
    expect(normaliseColumn(column({ type: 'tinyint', default: '1' }))).toEqual({
      type: 'bool',
      nullable: false,
      default: true,
    });
  });

  it('finds no difference between a schema and itself', () => {
    expect(diffSchemas(base(), base())).toEqual([]);
  });

  it('names every kind of drift, one line each', () => {
    const cases: [string, (s: SchemaSnapshot) => void, string[]][] = [
      [
        'a column made nullable',
        (s) => (s.tables.users.columns.phone.nullable = true),
        ['users.phone: nullable: snapshot false, database true'],
      ],
      [
        'a longer varchar',
        (s) => (s.tables.users.columns.phone.type = 'string(40)'),
        ['users.phone: type: snapshot string(30), database string(40)'],
      ],
      [
        'an enum value added',
        (s) => (s.tables.users.columns.role.type = "enum('admin','mentor','mentee','guardian')"),
        [
          "users.role: type: snapshot enum('admin','mentor','mentee'), database enum('admin','mentor','mentee','guardian')",
        ],
      ],
      [
        'a default dropped',
        (s) => delete s.tables.users.columns.isActive.default,
        ['users.isActive: default: snapshot true, database undefined'],
      ],
      [
        'a column added',
        (s) => (s.tables.users.columns.nickname = { type: 'string(50)', nullable: true }),
        ['users.nickname: column in the database (string(50) NULL), not in the snapshot'],
      ],
      [
        'a column dropped',
        (s) => delete s.tables.users.columns.phone,
        ["users.phone: column in the snapshot (string(30) NOT NULL DEFAULT ''), not in the database"],
      ],
      ['a table dropped', (s) => delete s.tables.sign_ins, ['sign_ins: table in the snapshot, not in the database']],
      ['a table added', (s) => (s.tables.extra = users()), ['extra: table in the database, not in the snapshot']],
      [
        'the primary key in another order',
        (s) => (s.tables.sign_ins.primaryKey = ['at', 'userId']),
        ['sign_ins: primary key: snapshot (userId, at), database (at, userId)'],
      ],
      [
        "an index's columns in another order",
        (s) => (s.tables.users.indexes[1] = ['isActive', 'role']),
        [
          'users: index (role, isActive) is in the snapshot, not in the database',
          'users: index (isActive, role) is in the database, not in the snapshot',
        ],
      ],
      [
        'a unique index made plain',
        (s) => {
          s.tables.users.uniques = [];
          s.tables.users.indexes.push(['email']);
        },
        [
          'users: unique index (email) is in the snapshot, not in the database',
          'users: index (email) is in the database, not in the snapshot',
        ],
      ],
      [
        'the same index twice',
        (s) => s.tables.users.indexes.push(['createdAt']),
        ['users: index (createdAt) is in the database, not in the snapshot'],
      ],
      [
        'a foreign key that no longer cascades',
        (s) => (s.tables.sign_ins.foreignKeys[0].onDelete = 'NO ACTION'),
        [
          'sign_ins: foreign key (userId) → users(id) ON DELETE CASCADE ON UPDATE NO ACTION is in the snapshot, not in the database',
          'sign_ins: foreign key (userId) → users(id) ON DELETE NO ACTION ON UPDATE NO ACTION is in the database, not in the snapshot',
        ],
      ],
    ];
    for (const [what, edit, expected] of cases)
      expect({ what, diff: diffSchemas(base(), change(edit)) }).toEqual({ what, diff: expected });
  });

  it('is committed, and its file reads back as written', () => {
    const committed = JSON.parse(readFileSync(SCHEMA_SNAPSHOT_FILE, 'utf8')) as SchemaSnapshot;
    expect(Object.keys(committed.tables).length).toBeGreaterThan(0);
    expect(JSON.parse(formatSnapshot(committed))).toEqual(committed);
    expect(JSON.parse(formatSnapshot(base()))).toEqual(base());
  });
});
