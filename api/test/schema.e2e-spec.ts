import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { ENTITIES } from '../src/database/entities';
import { SCHEMA_SNAPSHOT_FILE, diffSchemas, readSchema, type SchemaSnapshot } from '../src/database/schema-snapshot';
import { startTestApp, TEST_DB, type TestApp } from './support/test-app';

/** The committed schema (api/src/database/schema-snapshot.json): `npm run -w api schema:snapshot` rewrites it. */
const snapshot = JSON.parse(readFileSync(SCHEMA_SNAPSHOT_FILE, 'utf8')) as SchemaSnapshot;

describe(`schema (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('the schema built by migrations (MySQL) or synchronization (SQLite) matches the entities exactly', async () => {
    const pending = await t.db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('has no pending migration', async () => {
    if (t.db.options.type === 'better-sqlite3') expect(t.db.options.synchronize).toBe(true);
    else expect(await t.db.showMigrations()).toBe(false);
  });

  // On SQLite the schema is the entities'; on MariaDB, the migrations'. Both must be the snapshot: a difference here
  // is an entity changed without a migration and a new snapshot, or a migration that does not match the snapshot.
  it('the live schema is the committed snapshot (else: entity, migration, then npm run -w api schema:snapshot)', async () => {
    expect(diffSchemas(snapshot, await readSchema(t.db))).toEqual([]);
  });

  // The check can fail: the same comparison, given drift it must report, on each engine.
  const phoneNullable = snapshot.tables.users.columns.phone.nullable;

  if (TEST_DB === 'sqlite') {
    it('an entity changed without a new snapshot fails the check (users.phone nullability flipped, synchronized)', async () => {
      const db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: ENTITIES });
      await db.initialize();
      try {
        // As if the entity's `phone` column had been given the other `nullable`, the snapshot left as it was.
        const phone = db.getMetadata('users').findColumnWithPropertyName('phone')!;
        phone.isNullable = !phone.isNullable;
        await db.synchronize();
        expect(diffSchemas(snapshot, await readSchema(db))).toEqual([
          `users.phone: nullable: snapshot ${phoneNullable}, database ${!phoneNullable}`,
        ]);
      } finally {
        await db.destroy();
      }
    });
  }

  if (TEST_DB === 'mysql') {
    it('a snapshot that does not match the migrations fails the check (users.phone nullability flipped)', async () => {
      const stale = structuredClone(snapshot);
      stale.tables.users.columns.phone.nullable = !phoneNullable;
      expect(diffSchemas(stale, await readSchema(t.db))).toEqual([
        `users.phone: nullable: snapshot ${!phoneNullable}, database ${phoneNullable}`,
      ]);
    });

    it('a migration that does not match the snapshot fails the check (a column and an index added)', async () => {
      // What a hand-written migration might do; this file's database is dropped afterwards, and put back anyway.
      await t.db.query('ALTER TABLE `users` ADD `driftCheck` varchar(10) NULL');
      await t.db.query('CREATE INDEX `IDX_users_driftCheck` ON `users` (`driftCheck`, `email`)');
      try {
        expect(diffSchemas(snapshot, await readSchema(t.db))).toEqual([
          'users.driftCheck: column in the database (string(10) NULL), not in the snapshot',
          'users: index (driftCheck, email) is in the database, not in the snapshot',
        ]);
      } finally {
        await t.db.query('DROP INDEX `IDX_users_driftCheck` ON `users`');
        await t.db.query('ALTER TABLE `users` DROP COLUMN `driftCheck`');
      }
      expect(diffSchemas(snapshot, await readSchema(t.db))).toEqual([]);
    });
  }
});
