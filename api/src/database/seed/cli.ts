import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadDatabaseConfig } from '../../config/app-config';
import { Clock } from '../../dates/clock';
import { dataSourceOptions } from '../data-source-options';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo-seed';

/**
 * `npm run seed`: brings the configured database (DATABASE_URL, or the embedded SQLite file) to the current schema —
 * migrations on MySQL/MariaDB, synchronization on SQLite — and fills it with the demo school when it holds no users.
 * Running it again changes nothing.
 */
async function main(): Promise<void> {
  const { env, database } = loadDatabaseConfig();
  if (env === 'production')
    throw new ConfigError('The demo school is never created in production (NODE_ENV=production).');
  const db = new DataSource(dataSourceOptions(database));
  await db.initialize();
  try {
    const where = database.type === 'mysql' ? database.url.replace(/\/\/[^@/]*@/, '//') : database.file;
    // No app here: its own clock, and the school's time zone as the app reads it (SCHOOL_TIMEZONE, default UTC).
    if (await seedDemo(db, new Clock().now(), process.env.SCHOOL_TIMEZONE ?? 'UTC')) {
      console.log(`Demo data created in ${where}. Accounts (password ${DEMO_PASSWORD}):`);
      for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) console.log(`  ${role.padEnd(7)} ${email}`);
    } else {
      console.log(`${where} already holds users: schema up to date, no demo data added.`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
