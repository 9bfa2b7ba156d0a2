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
