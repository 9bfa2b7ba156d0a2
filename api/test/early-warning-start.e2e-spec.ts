import dayjs from 'dayjs';
import { isSchoolDay } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { RiskRunRow, RiskSignalRow } from '../src/followup/entities/followup.entity';
import { RiskEvaluation } from '../src/followup/risk-evaluation.service';
import { Notification } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { waitUntil } from './support/wait';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Issue 35: early warning is right from the first minute (a silent start-up run, once across instances) and does not
 * flood (one digest per mentor per evaluation).
 */
describe(`early warning from the first minute (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let a: TestApp;

  beforeAll(async () => {
    // The demo school, as `npm start` makes it; this instance runs no sweep of its own.
    a = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await a.close();
  });

  it('the first register save of the demo school sends each mentor at most one notification', async () => {
    expect(await a.db.getRepository(RiskSignalRow).count()).toBe(0);
    let day = dayjs().format('YYYY-MM-DD');
    while (!isSchoolDay(day)) day = dayjs(day).subtract(1, 'day').format('YYYY-MM-DD');
    const admin = await tokenFor(a, DEMO_ACCOUNTS.admin);
    const mentees = await a.db.getRepository(MenteeProfile).find({ select: { id: true, mentorId: true } });
    await a
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: day, attendanceData: Object.fromEntries(mentees.map((m) => [m.id, { [day]: 'absent' }])) })
      .expect(201);
    for (let round = 0; round < 5; round++)
      if (!(await a.app.get(OutboxService).runDue(new Date(Date.now() + 1000)))) break;
    const told = await a.db.getRepository(Notification).findBy({ kind: 'risk.signal' });
    const perMentor = new Map<string, number>();
    for (const n of told) perMentor.set(n.userId, (perMentor.get(n.userId) ?? 0) + 1);
    const mentors = new Set(mentees.map((m) => m.mentorId).filter(Boolean));
    // Several students of each mentor were flagged together: each mentor is told once, naming them.
    expect(await a.db.getRepository(RiskSignalRow).count()).toBeGreaterThan(mentors.size);
    // Each mentor once; the admins (signals from confidential grievances) at most once each too.
    expect([...perMentor.keys()].filter((id) => mentors.has(id)).sort()).toEqual([...mentors].sort());
    expect([...perMentor.values()].every((n) => n === 1)).toBe(true);
    expect(told.some((n) => /^\d+ students need a follow-up: /.test(n.title))).toBe(true);
  });

  // A bounded wait of up to a minute for the start-up run.
  it('a fresh start shows the follow-up queue without any write, tells nobody, and runs once across instances', async () => {
    // As after `npm start` of the demo school: no signal evaluated yet, nobody told.
    await a.db.getRepository(RiskSignalRow).clear();
    await a.db.getRepository(Notification).delete({ kind: 'risk.signal' });
    const startup = { RISK_SWEEP_MS: '3600000', RISK_STARTUP_DELAY_MS: '0', OUTBOX_POLL_MS: '0' };
    const b = await startTestApp({ shareWith: a, seed: false, env: startup });
    try {
      const mentor = await tokenFor(b, DEMO_ACCOUNTS.mentor);
      // Bounded wait for the start-up run (the limit: a minute after start).
      const queue: unknown[] = await waitUntil(
        async () => {
          const listed: unknown[] = (await b.http().get('/api/followup/queue').set(bearer(mentor)).expect(200)).body;
          return listed.length ? listed : null;
        },
        { ms: 60_000, every: 100, what: "the start-up run's follow-up queue" },
      );
      expect(queue.length).toBeGreaterThan(0);
      await b.app.get(OutboxService).runDue(new Date(Date.now() + 1000));
      expect(await a.db.getRepository(Notification).countBy({ kind: 'risk.signal' })).toBe(0);
      expect(await a.db.getRepository(RiskRunRow).findOneBy({ name: 'startup' })).not.toBeNull();
      // Another instance starting now finds the run claimed and leaves it.
      expect(await a.app.get(RiskEvaluation).sweepIfDue('startup', 1_800_000, false)).toBe(false);
    } finally {
      await b.close();
    }
  }, 90_000);
});
