import dayjs from 'dayjs';
import { ErrorCode, type GuardianDeliveryResponse } from '@portal/contracts';
import { CalendarService } from '../src/calendar/calendar.service';
import { Clock } from '../src/dates/clock';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { GuardianMailSetting, MailDelivery } from '../src/notifications/entities/notification.entity';
import { GuardianDigestService } from '../src/notifications/guardian-digest.service';
import { OutboxService } from '../src/outbox/outbox.service';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, demoTokens, schoolTime, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Issue 41: a guardian chooses how their e-mails come (at once, a daily digest at the school's time, or not at all);
 * quiet hours hold back everything but safety notices, which come at once whatever was chosen.
 */
describe(`guardian e-mail delivery and the daily digest (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, guardian: string;
  let guardianId: string, jordan: string;
  let nextFrom = 20;
  const mails = (kind: MailDelivery['kind']) =>
    t.db.getRepository(MailDelivery).find({ where: { userId: guardianId, kind }, order: { createdAt: 'ASC' } });
  const setDelivery = (delivery: string) =>
    t.http().put('/api/notifications/delivery').set(bearer(guardian)).send({ delivery });
  /** A guardian's leave for Jordan on free future days, approved by the mentor: the guardian is told of it. */
  const decidedLeave = async () => {
    const taken = await t.db.getRepository(LeaveRequest).findBy({ menteeId: jordan });
    for (let n = nextFrom; ; n++) {
      const day = dayjs().add(n, 'day').format('YYYY-MM-DD');
      if (taken.some((l) => l.startDate <= day && l.endDate >= day)) continue;
      if (!(await t.app.get(CalendarService).schoolDaysBetween(day, day)).length) continue;
      nextFrom = n + 1;
      const filed = await t
        .http()
        .post(`/api/guardian/children/${jordan}/leaves`)
        .set(bearer(guardian))
        .send({ leaveType: 'casual', startDate: day, endDate: day, reason: `Family visit ${day}` })
        .expect(201);
      await t.http().put(`/api/leaves/${filed.body._id}/approve`).set(bearer(mentor)).send({}).expect(200);
      return day;
    }
  };
  const quietHours = (quiet: { start: string; end: string } | null) =>
    t.http().put('/api/admin/calendar').set(bearer(admin)).send({ quietHours: quiet }).expect(200);

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    [admin, mentor] = await demoTokens(t);
    guardian = await tokenFor(t, DEMO_ACCOUNTS.guardian);
    guardianId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.guardian })).id;
    jordan = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('a guardian reads and changes how their e-mails come; only guardians, and only the three choices', async () => {
    const res = (await t.http().get('/api/notifications/delivery').set(bearer(guardian)).expect(200))
      .body as GuardianDeliveryResponse;
    expect(res).toEqual({ delivery: 'now', digestAt: '18:00' });
    expect(await codeOf(setDelivery('weekly'))).toBe(ErrorCode.ValidationFailed);
    expect(await codeOf(t.http().put('/api/notifications/delivery').set(bearer(guardian)).send({}))).toBe(
      ErrorCode.ValidationFailed,
    );
    await t.http().get('/api/notifications/delivery').set(bearer(mentor)).expect(403);
    expect((await setDelivery('off').expect(200)).body).toEqual({ delivery: 'off', digestAt: '18:00' });
    expect(await t.db.getRepository(GuardianMailSetting).findOneByOrFail({ userId: guardianId })).toMatchObject({
      delivery: 'off',
    });
    // The school moves the digest: the guardian reads the new time.
    await t.http().put('/api/admin/calendar').set(bearer(admin)).send({ guardianDigestAt: '19:30' }).expect(200);
    expect(
      await codeOf(t.http().put('/api/admin/calendar').set(bearer(admin)).send({ guardianDigestAt: '25:00' })),
    ).toBe(ErrorCode.ValidationFailed);
    expect((await t.http().get('/api/notifications/delivery').set(bearer(guardian)).expect(200)).body.digestAt).toBe(
      '19:30',
    );
  });

  it('at once, but not in quiet hours; off: none; urgent announcements come at once whatever was chosen', async () => {
    await setDelivery('now').expect(200);
    await quietHours({ start: await schoolTime(t, -60), end: await schoolTime(t, 60) });
    await decidedLeave();
    const [held] = await mails('leave.decided');
    expect(held.subject).toBe('The leave request for Jordan Rivera was approved');
    // Waits for the end of the quiet hours (about an hour from now).
    expect(held.sendAfter.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);

    await setDelivery('off').expect(200);
    await decidedLeave();
    expect(await mails('leave.decided')).toHaveLength(1);

    await t
      .http()
      .post('/api/announcements')
      .set(bearer(mentor))
      .send({ title: 'School closed: flooding', content: 'Stay home today.', priority: 'urgent', readers: 'both' })
      .expect(201);
    await t.app.get(OutboxService).runDue(new Date());
    const [urgent] = await mails('announcement.new');
    expect(urgent.subject).toBe('New announcement: School closed: flooding');
    expect(urgent.sendAfter.getTime()).toBeLessThanOrEqual(Date.now());
    // Not urgent: as chosen (off).
    await t
      .http()
      .post('/api/announcements')
      .set(bearer(mentor))
      .send({ title: 'Book fair', content: 'Friday.', readers: 'both' })
      .expect(201);
    await t.app.get(OutboxService).runDue(new Date());
    expect(await mails('announcement.new')).toHaveLength(1);
    await quietHours(null);
  });

  it('a daily digest: nothing at once, one e-mail at the digest time with what came since the last, never twice', async () => {
    await setDelivery('digest').expect(200);
    // The last digest went just now (what came before it was in it).
    await t.db.getRepository(GuardianMailSetting).update({ userId: guardianId }, { lastDigestAt: new Date() });
    const before = (await mails('leave.decided')).length;
    await decidedLeave();
    await decidedLeave();
    expect(await mails('leave.decided')).toHaveLength(before);
    const digest = t.app.get(GuardianDigestService);
    // Until the digest time comes again: nothing.
    expect(await digest.sendDue()).toBe(0);

    // A day later the digest time has passed: one e-mail, in the guardian's language, naming both decisions.
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 86_400_000));
    expect(await digest.sendDue()).toBe(1);
    const [sent] = await mails('guardian.digest');
    expect(sent.subject).toBe('Your daily summary from the Mentor Portal: 2 updates');
    expect(sent.text.match(/The leave request for Jordan Rivera was approved/g)).toHaveLength(2);
    expect(sent.text).toContain('change it on your Profile');
    // Claimed: a second sweep (another instance) writes nothing more.
    expect(await digest.sendDue()).toBe(0);
    expect(await mails('guardian.digest')).toHaveLength(1);

    // Consent withdrawn for a child: the digest (an optional e-mail) no longer goes; the inbox still tells.
    const { notice } = (await t.http().get('/api/guardian/consent').set(bearer(guardian)).expect(200)).body;
    await t
      .http()
      .put(`/api/guardian/children/${jordan}/consent`)
      .set(bearer(guardian))
      .send({ decision: 'refused', noticeVersion: notice.version })
      .expect(200);
    jest.restoreAllMocks();
    await decidedLeave();
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 2 * 86_400_000));
    expect(await digest.sendDue()).toBe(0);
    expect(await mails('guardian.digest')).toHaveLength(1);
  });
});
