import { ErrorCode, RETENTION_DEFAULTS, RETENTION_KINDS } from '@portal/contracts';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Clock } from '../src/dates/clock';
import { Message } from '../src/messages/entities/message.entity';
import { Notification } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { RetentionService } from '../src/retention/retention.service';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

const DAY_MS = 86_400_000;

describe(`retention and the daily purge (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string;
  let student: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
    mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    student = (await t.db.getRepository(User).findOneByOrFail({ email: 'student05@example.edu' })).id;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });
  const put = (body: unknown) =>
    t
      .http()
      .put('/api/admin/retention')
      .set(bearer(admin))
      .send(body as object);

  it('answers the defaults until changed; changes are validated and audited', async () => {
    const res = (await t.http().get('/api/admin/retention').set(bearer(admin)).expect(200)).body;
    expect(res).toEqual({ periods: RETENTION_DEFAULTS, lastPurgeAt: null });
    for (const body of [
      {},
      { periods: null },
      { periods: { notifications: 10 } },
      { periods: { notifications: 'soon' } },
      { periods: { notifications: 99999 } },
      { periods: { somethingElse: 30 } },
      { periods: { notifications: { deep: 1 } } },
    ])
      expect([JSON.stringify(body), (await put(body)).body.code]).toEqual([
        JSON.stringify(body),
        ErrorCode.ValidationFailed,
      ]);
    await t
      .http()
      .put('/api/admin/retention')
      .set(bearer(mentor))
      .send({ periods: { notifications: 30 } })
      .expect(403);
    expect((await t.http().get('/api/admin/retention').set(bearer(admin))).body.periods).toEqual(RETENTION_DEFAULTS);
    const saved = (
      await put({
        periods: { notifications: 30, chatMessages: 60, deactivatedAttendance: 30, auditEntries: null },
      }).expect(200)
    ).body;
    expect(saved.periods).toEqual({
      ...RETENTION_DEFAULTS,
      notifications: 30,
      chatMessages: 60,
      deactivatedAttendance: 30,
    });
    const entry = await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'retention.update' });
    expect(entry.changes).toEqual({
      notifications: { from: 180, to: 30 },
      chatMessages: { from: null, to: 60 },
      deactivatedAttendance: { from: 1095, to: 30 },
    });
  });

  it('the dry run counts exactly what the purge deletes, kind by kind, and the purge audits its counts', async () => {
    // A deactivated student (their attendance is kept 30 days now), a year from now.
    const spare = await t.db.getRepository(User).findOneByOrFail({ id: student });
    await t.http().put(`/api/admin/users/${spare.id}/toggle-status`).set(bearer(admin)).expect(200);
    const theirs = await t.db.getRepository(AttendanceRecord).countBy({ menteeId: student });
    expect(theirs).toBeGreaterThan(0);
    // A day of theirs in the admin's register, kept in memory from this read on (the read cache).
    const { date } = await t.db.getRepository(AttendanceRecord).findOneByOrFail({ menteeId: student });
    const register = async () =>
      (await t.http().get(`/api/admin/attendance?date=${date}`).set(bearer(admin)).expect(200)).body
        .attendanceData as Record<string, unknown>;
    expect((await register())[student]).toBeDefined();
    const clock = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 400 * DAY_MS));
    const retention = t.app.get(RetentionService);
    const { counts } = await retention.dryRun();
    expect(counts.deactivatedAttendance).toBe(theirs);
    expect(counts.chatMessages).toBe(await t.db.getRepository(Message).count());
    expect(counts.notifications).toBe(await t.db.getRepository(Notification).count());
    expect(counts.auditEntries).toBe(0);
    const purged = await retention.purgeNow();
    expect(purged).toEqual(counts);
    expect(Object.values((await retention.dryRun()).counts).every((n) => n === 0)).toBe(true);
    clock.mockRestore();
    expect(await t.db.getRepository(AttendanceRecord).countBy({ menteeId: student })).toBe(0);
    // What the purge deleted no longer shows in a kept read.
    expect((await register())[student]).toBeUndefined();
    // Active students' attendance stays.
    expect(await t.db.getRepository(AttendanceRecord).count()).toBeGreaterThan(0);
    const audited = await t.db.getRepository(AuditEntry).findBy({ action: 'retention.purge' });
    const byKind = Object.fromEntries(audited.map((a) => [a.targetId, Object.values(a.changes)[0]]));
    for (const kind of RETENTION_KINDS)
      if (counts[kind]) expect([kind, byKind[kind]]).toEqual([kind, { from: counts[kind], to: 0 }]);
    expect((await t.http().get('/api/admin/retention').set(bearer(admin))).body.lastPurgeAt).not.toBeNull();
  });

  it('the daily purge is claimed once a day across instances and runs through the outbox', async () => {
    const retention = t.app.get(RetentionService);
    const purge = jest.spyOn(retention, 'purgeNow');
    expect(await retention.claimDailyPurge()).toBe(1);
    expect(await retention.claimDailyPurge()).toBe(0);
    await t.app.get(OutboxService).runDue();
    expect(purge).toHaveBeenCalledTimes(1);
    const tomorrow = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + DAY_MS));
    expect(await retention.claimDailyPurge()).toBe(1);
    await t.app.get(OutboxService).runDue();
    tomorrow.mockRestore();
    expect(purge).toHaveBeenCalledTimes(2);
    purge.mockRestore();
  });
});
