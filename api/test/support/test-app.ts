import dayjs from 'dayjs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import type { Response } from 'superagent';
import { DataSource } from 'typeorm';
import * as mysql from 'mysql2/promise';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../src/database/seed/demo-seed';
import { Clock } from '../../src/dates/clock';
import { MenteeProfile } from '../../src/users/entities/mentee-profile.entity';
import { CalendarService } from '../../src/calendar/calendar.service';
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

/** The demo admin, mentor and mentee: their ids and tokens, by role. */
export async function demoPeople(t: TestApp): Promise<{ id: Record<string, string>; tok: Record<string, string> }> {
  const id: Record<string, string> = {};
  const tok: Record<string, string> = {};
  for (const role of ['admin', 'mentor', 'mentee'] as const) {
    id[role] = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS[role] })).id;
    tok[role] = await tokenFor(t, DEMO_ACCOUNTS[role]);
  }
  return { id, tok };
}

/** Another admin account, made by the demo admin: its id and token. */
export async function createAdmin(
  t: TestApp,
  adminToken: string,
  name: string,
): Promise<{ id: string; token: string }> {
  const email = `${name.toLowerCase()}@example.edu`;
  const res = await t
    .http()
    .post('/api/auth/register')
    .set(bearer(adminToken))
    .send({
      email,
      password: 'Admin2026xx',
      role: 'admin',
      fullName: `Admin ${name}`,
      phone: '+1 555 0102',
      department: 'Pastoral care',
      position: 'Staff',
    })
    .expect(201);
  return { id: res.body.user._id, token: await tokenFor(t, email, 'Admin2026xx') };
}

/** The school's clock, "HH:mm", `minutes` from now (quiet hours and digest times are set in it). */
export async function schoolTime(t: TestApp, minutes: number): Promise<string> {
  const zone = (await t.app.get(CalendarService).rules()).timezone;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));
}

/**
 * A mentee of the demo school's second mentor (Rahul Menon): someone the demo mentor, mentee and guardian do not own.
 * Always the same one, and never a student with a guardian (the demo guardian's second child is Rahul Menon's).
 */
export async function menteeOfAnotherMentor(t: TestApp): Promise<{ id: string; email: string; mentorId: string }> {
  const mentor = await t.db.getRepository(User).findOneByOrFail({ email: 'r.menon@example.edu' });
  const mentee = await t.db
    .getRepository(MenteeProfile)
    .createQueryBuilder('p')
    .innerJoinAndSelect('p.user', 'u')
    .where('p.mentorId = :mentorId', { mentorId: mentor.id })
    .andWhere('NOT EXISTS (SELECT 1 FROM guardian_links g WHERE g.menteeId = u.id)')
    .orderBy('u.email', 'ASC')
    .getOneOrFail();
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
  fields: { subject?: string; grievanceType?: string; description?: string; withholdName?: boolean } = {},
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

/** supertest's parser for a file answer: `.buffer(true).parse(bytes)` makes the body one Buffer of what was sent. */
export const bytes = (res: Response, done: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
