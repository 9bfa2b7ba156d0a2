import dayjs from 'dayjs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import * as mysql from 'mysql2/promise';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../src/database/seed/demo-seed';
import { Clock } from '../../src/dates/clock';
import { MenteeProfile } from '../../src/users/entities/mentee-profile.entity';
import { User } from '../../src/users/entities/user.entity';

export const TEST_DB = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'mysql';
const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

/** An HTTP route the application registered. */
export interface RouteEntry {
  method: string;
  url: string;
}

export interface TestApp {
  app: NestFastifyApplication;
  db: DataSource;
  config: AppConfig;
  /** Every HTTP route the application registered (for the access tests that must cover all of them). */
  routes: RouteEntry[];
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/**
 * Boots the whole API on a fresh database: a temporary SQLite file, or a new MariaDB database created for this
 * test file (migrations applied) when TEST_DB=mysql.
 */
export async function startTestApp(
  opts: { seed?: boolean; env?: Record<string, string>; shareWith?: TestApp; logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    LOGIN_LIMIT_PER_IP: '10000',
    REGISTER_LIMIT_PER_IP: '10000',
    WEB_DIR: dir,
    LOG_LEVEL: 'error',
    ...opts.env,
  };
  let dropDb: (() => Promise<void>) | undefined;
  if (opts.shareWith) {
    // Another instance on the same database and secret.
    const other = opts.shareWith.config;
    env.JWT_SECRET = other.jwtSecret;
    if (other.database.type === 'mysql') env.DATABASE_URL = other.database.url;
    else env.DATA_DIR = other.dataDir;
  } else if (TEST_DB === 'mysql' && !opts.env?.DATABASE_URL) {
    const name = `portal_test_${process.pid}_${Date.now()}`;
    const admin = await mysql.createConnection(MYSQL_ADMIN_URL);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    env.DATABASE_URL = `${MYSQL_ADMIN_URL.replace(/^mysql:/, process.env.TEST_MYSQL_FLAVOR === 'mysql' ? 'mysql:' : 'mariadb:')}/${name}`;
    env.JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
    dropDb = async () => {
      const c = await mysql.createConnection(MYSQL_ADMIN_URL);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    };
  }
  const config = loadConfig(env as NodeJS.ProcessEnv);
  // Every route, from the first one createApp registers (the API reference's) to Nest's own at init.
  const routes: RouteEntry[] = [];
  const app = await createApp(config, {
    logStream: opts.logStream,
    onRoute: (r) => {
      for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
    },
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const db = app.get(DataSource);
  if (opts.seed ?? true) await seedDemo(db, app.get(Clock).now(), config.schoolTimezone);
  return {
    app,
    db,
    config,
    routes,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await dropDb?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function tokenFor(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.http().post('/api/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** The demo school's admin, mentor and mentee (Jordan Rivera), signed in: their tokens in that order. */
export const demoTokens = (t: TestApp): Promise<[admin: string, mentor: string, mentee: string]> =>
  Promise.all([tokenFor(t, DEMO_ACCOUNTS.admin), tokenFor(t, DEMO_ACCOUNTS.mentor), tokenFor(t, DEMO_ACCOUNTS.mentee)]);

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A mentee of the demo school's second mentor (Rahul Menon): someone the demo mentor and mentee do not own. */
export async function menteeOfAnotherMentor(t: TestApp): Promise<{ id: string; email: string; mentorId: string }> {
  const mentor = await t.db.getRepository(User).findOneByOrFail({ email: 'r.menon@example.edu' });
  const mentee = await t.db
    .getRepository(MenteeProfile)
    .findOneOrFail({ where: { mentorId: mentor.id }, relations: { user: true } });
  return { id: mentee.id, email: mentee.user!.email, mentorId: mentor.id };
}

/** The demo mentee's (Jordan Rivera's) grievance form about yesterday; `over` overrides (or adds) fields. */
export const demoGrievanceForm = (over: object = {}) => ({
  name: 'Jordan Rivera',
  email: DEMO_ACCOUNTS.mentee,
  rollNo: 'STU-2026001',
  subject: 'Broken projector',
  grievanceType: 'technical-issues',
  dateOfIncident: dayjs().subtract(1, 'day').format('YYYY-MM-DD'),
  description: 'The projector in room 12 has not worked for a week.',
  ...over,
});

/** The demo mentee files a grievance (`demoGrievanceForm`); `fields` override the form's defaults. */
export async function fileDemoGrievance(
  t: TestApp,
  menteeToken: string,
  fields: { subject?: string; grievanceType?: string; description?: string } = {},
): Promise<{ _id: string; [key: string]: unknown }> {
  const res = await t
    .http()
    .post('/api/grievances')
    .set(bearer(menteeToken))
    .send(demoGrievanceForm(fields))
    .expect(201);
  return res.body;
}

/** The mentee asks for one sick day `daysAhead` days from today; answers the stored leave and the day (YYYY-MM-DD). */
export async function fileSickDay(
  t: TestApp,
  menteeToken: string,
  daysAhead: number,
): Promise<{ _id: string; day: string; [key: string]: unknown }> {
  const day = dayjs().add(daysAhead, 'day').format('YYYY-MM-DD');
  const res = await t
    .http()
    .post('/api/leaves')
    .set(bearer(menteeToken))
    .send({ leaveType: 'sick', startDate: day, endDate: day, reason: 'Fever' })
    .expect(201);
  return { ...res.body, day };
}

/** The error code of a refused call's body (supertest's `.expect(status)` has already checked the status). */
export const codeOf = async (call: PromiseLike<{ body: { code?: string } }>): Promise<string | undefined> =>
  (await call).body.code;
