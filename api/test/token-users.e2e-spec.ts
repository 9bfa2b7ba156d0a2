import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { MetricsService } from '../src/observability/metrics.service';
import { User } from '../src/users/entities/user.entity';
import { TokenUsersCache } from '../src/users/token-users.cache';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// The token check keeps each user's row in memory (src/users/token-users.cache.ts). A write to `users` through one
// instance must end the session on the other before its answer leaves. Passport's JWT strategy is process-wide, so the
// last instance created (b) checks every HTTP call in this file: writes go through a, checks through b.
describe(`kept token rows across two instances (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  const me = (token: string) => b.http().get('/api/auth/me').set(bearer(token));
  const userId = async (email: string) => (await a.db.getRepository(User).findOneByOrFail({ email })).id;
  /** A change straight into the database (no subscriber runs): shows whether b answered from memory. */
  const behindTheApi = (id: string, isActive: boolean) =>
    a.db.query('UPDATE users SET isActive = ? WHERE id = ?', [isActive ? 1 : 0, id]);

  beforeAll(async () => {
    a = await startTestApp({ env: { REDIS_URL } });
    b = await startTestApp({ seed: false, shareWith: a, env: { REDIS_URL } });
    admin = await tokenFor(a, DEMO_ACCOUNTS.admin);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('answers from memory while nothing is written through the API', async () => {
    const token = await tokenFor(a, 'r.menon@example.edu');
    const id = await userId('r.menon@example.edu');
    await me(token).expect(200);
    await behindTheApi(id, false);
    try {
      await me(token).expect(200); // kept: the deactivation did not go through the API
      // A sign-in writes lastLogin only: that cannot change what the check decides, so the row stays kept.
      await tokenFor(a, DEMO_ACCOUNTS.mentor);
      await me(token).expect(200);
      // Any other write to users through the API retires it on both instances.
      await a
        .http()
        .put('/api/mentors/profile')
        .set(bearer(await tokenFor(a, DEMO_ACCOUNTS.mentor)))
        .send({ phone: '+91 98000 00001' })
        .expect(200);
      await me(token).expect(401);
    } finally {
      await behindTheApi(id, true);
      await a.app.get(TokenUsersCache).retire();
    }
  });

  it('counts each check as kept (hit) or read (miss) in token_check_rows_total', async () => {
    const token = await tokenFor(a, DEMO_ACCOUNTS.mentor);
    const count = async (result: string) =>
      (await b.app.get(MetricsService).registry.getSingleMetric('token_check_rows_total')!.get()).values.find(
        (v) => v.labels.result === result,
      )?.value ?? 0;
    await b.app.get(TokenUsersCache).retire();
    const [hits, misses] = [await count('hit'), await count('miss')];
    await me(token).expect(200);
    await me(token).expect(200);
    expect([(await count('hit')) - hits, (await count('miss')) - misses]).toEqual([1, 1]);
  });

  it('sign-out through one instance ends the token on the other at once', async () => {
    const token = await tokenFor(a, DEMO_ACCOUNTS.mentee);
    await me(token).expect(200);
    await a.http().post('/api/auth/logout').set(bearer(token)).expect(204);
    await me(token).expect(401);
    await me(await tokenFor(a, DEMO_ACCOUNTS.mentee)).expect(200);
  });

  it('deactivation through one instance ends the token on the other at once, and reactivation lets a new one in', async () => {
    const token = await tokenFor(a, 's.okafor@example.edu');
    const id = await userId('s.okafor@example.edu');
    await me(token).expect(200);
    await a.http().put(`/api/admin/users/${id}/toggle-status`).set(bearer(admin)).expect(200);
    await me(token).expect(401);
    expect((await a.db.getRepository(User).findOneByOrFail({ id })).isActive).toBe(false);
    await a.http().put(`/api/admin/users/${id}/toggle-status`).set(bearer(admin)).expect(200);
    await me(token).expect(401); // the old token stays ended: its version was moved on
    await me(await tokenFor(a, 's.okafor@example.edu')).expect(200);
  });

  it('a password change through one instance ends the other sessions there at once; the fresh token works', async () => {
    const email = 'd.kim@example.edu';
    const [old, current] = [await tokenFor(a, email), await tokenFor(a, email)];
    await me(old).expect(200);
    const { body } = await a
      .http()
      .post('/api/auth/change-password')
      .set(bearer(current))
      .send({ currentPassword: 'Demo@2026', newPassword: 'Fresh@2026x' })
      .expect(200);
    await me(old).expect(401);
    await me(current).expect(401);
    await me(body.token as string).expect(200);
  });

  it('deleting an account through one instance ends its token on the other at once', async () => {
    const created = await a
      .http()
      .post('/api/admin/users')
      .set(bearer(admin))
      .send({
        email: 'leaving@example.edu',
        password: 'Leaving@2026',
        role: 'mentee',
        fullName: 'Leaving Soon',
        phone: '555',
        class: '10',
        section: 'A',
      })
      .expect(201);
    const token = await tokenFor(a, 'leaving@example.edu', 'Leaving@2026');
    await me(token).expect(200);
    await a
      .http()
      .delete(`/api/admin/users/${created.body.user._id as string}`)
      .set(bearer(admin))
      .expect(200);
    await me(token).expect(401);
  });

  it('a rolled-back write keeps nothing stale: the row read after it is the stored one', async () => {
    const token = await tokenFor(a, DEMO_ACCOUNTS.mentee);
    const id = await userId(DEMO_ACCOUNTS.mentee);
    await me(token).expect(200);
    await expect(
      a.db.transaction(async (tx) => {
        await tx.update(User, { id }, { isActive: false });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await me(token).expect(200);
    expect((await a.db.getRepository(User).findOneByOrFail({ id })).isActive).toBe(true);
  });
});
