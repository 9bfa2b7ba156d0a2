import { mkdirSync } from 'node:fs';
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
  mkdirSync(dirname(database.file), { recursive: true });
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
