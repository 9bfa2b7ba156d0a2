import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';

/**
 * SQLite (embedded default) is synchronized from the entities; MySQL/MariaDB is only ever changed by migrations.
 */
export function dataSourceOptions(database: AppConfig['database']): DataSourceOptions {
  if (database.type === 'mysql') {
    return {
      // MariaDB reports column metadata differently from MySQL; its own driver type keeps migrations exact.
      type: database.url.startsWith('mariadb:') ? 'mariadb' : 'mysql',
      url: database.url.replace(/^mariadb:/, 'mysql:'),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      entities: ENTITIES,
      migrations: [join(__dirname, 'migrations', '*.{js,ts}')],
      migrationsRun: true,
      synchronize: false,
      // trace: false: no stack trace captured for every statement; a failed one still reports its SQL and error.
      extra: { connectionLimit: 20, connectTimeout: 5000, trace: false },
    };
  }
  protectDatabaseFile(database.file);
  return {
    type: 'better-sqlite3',
    database: database.file,
    entities: ENTITIES,
    synchronize: database.type === 'sqlite',
    enableWAL: true,
    prepareDatabase: (db: { pragma: (s: string) => void }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
    },
  };
}

/**
 * The SQLite file holds password hashes: its folder is created 0700 and the file 0600 (SQLite gives its -wal and
 * -shm files the database file's mode); a file an older version left readable is made 0600.
 */
function protectDatabaseFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (existsSync(file)) chmodSync(file, 0o600);
  else closeSync(openSync(file, 'a', 0o600));
}
