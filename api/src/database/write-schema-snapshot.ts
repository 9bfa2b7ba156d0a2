import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import * as mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { SCHEMA_SNAPSHOT_FILE, SNAPSHOT_ABOUT, formatSnapshot, readSchema } from './schema-snapshot';

/**
 * `npm run -w api schema:snapshot`: migrates a new, empty MariaDB database (created on the server the tests use,
 * TEST_MYSQL_URL, default mysql://root@127.0.0.1:3306, and dropped afterwards) with every migration and writes its
 * schema, normalised, to src/database/schema-snapshot.json. Run it after adding a migration; commit the file with it.
 */
const ADMIN_URL = (process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '');

async function main(): Promise<void> {
  const name = `portal_schema_snapshot_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection(ADMIN_URL);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  try {
    const scheme = process.env.TEST_MYSQL_FLAVOR === 'mysql' ? 'mysql:' : 'mariadb:';
    const url = `${ADMIN_URL.replace(/^mysql:/, scheme)}/${name}`;
    // migrationsRun: initialize() applies every migration to the empty database.
    const db = new DataSource(dataSourceOptions({ type: 'mysql', url }));
    await db.initialize();
    try {
      if (await db.showMigrations()) throw new Error('a migration is still pending after the migrations ran');
      const schema = await readSchema(db);
      writeFileSync(SCHEMA_SNAPSHOT_FILE, formatSnapshot({ about: SNAPSHOT_ABOUT, ...schema }));
      const tables = Object.keys(schema.tables).length;
      process.stdout.write(`${relative(process.cwd(), SCHEMA_SNAPSHOT_FILE)}: ${tables} tables, from the migrations\n`);
    } finally {
      await db.destroy();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
