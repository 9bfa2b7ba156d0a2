import { ErrorCode, MSG } from '@portal/contracts';
import { DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { startTestApp, type TestApp } from './support/test-app';

describe(`sign-in limit per address (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_LIMIT_PER_IP: '4' } });
  });
  afterAll(() => t.close());

  it('refuses the attempt past the limit from one address with 429, whatever the account', async () => {
    const emails = ['student12@example.edu', 'student13@example.edu', 'student14@example.edu', 'student15@example.edu'];
    for (const email of emails)
      await t.http().post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200);
    const res = await t
      .http()
      .post('/api/auth/login')
      .send({ email: 'student16@example.edu', password: DEMO_PASSWORD })
      .expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      code: ErrorCode.TooManyRequests,
      message: MSG.tooManyAttempts,
      error: 'Too Many Requests',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe(`sign-in failures per account and address (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  const owner = 'student12@example.edu';
  beforeAll(async () => {
    // Limits see the X-Forwarded-For address.
    t = await startTestApp({ env: { LOGIN_LIMIT_PER_ACCOUNT: '8', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const attempt = (ip: string, password: string, email = owner) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });

  it('five wrong passwords from one address slow that address only: the owner signs in from theirs', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt('203.0.113.7', 'wrong-password')).status);
    // Three failures are free; then that pair waits (1 s, doubling), refused with 429 and Retry-After meanwhile.
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const slowed = await attempt('203.0.113.7', DEMO_PASSWORD).expect(429);
    expect(slowed.body.code).toBe(ErrorCode.TooManyRequests);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await attempt('198.51.100.20', DEMO_PASSWORD).expect(200);
  });

  it('past the per-account ceiling only addresses the account signed in from before may try', async () => {
    const email = 'student13@example.edu';
    await attempt('198.51.100.30', DEMO_PASSWORD, email).expect(200);
    for (let i = 0; i < 8; i++) await attempt(`192.0.2.${i + 1}`, 'wrong-password', email).expect(401);
    await attempt('192.0.2.100', DEMO_PASSWORD, email).expect(429);
    await attempt('198.51.100.30', DEMO_PASSWORD, email).expect(200);
  });
});
