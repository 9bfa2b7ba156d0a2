import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/** Every /api/admin route the API has; the test fails if a new one appears that is not listed here. */
const ADMIN_ROUTES = [
  'GET /api/admin/dashboard',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'GET /api/admin/users/:id',
  'PUT /api/admin/users/:id',
  'PUT /api/admin/users/:id/profile',
  'PUT /api/admin/users/:id/toggle-status',
  'PUT /api/admin/users/:id/approve',
  'PUT /api/admin/users/:id/safeguarding-lead',
  'PUT /api/admin/users/:id/decline',
  'GET /api/admin/users/:id/erasure',
  'DELETE /api/admin/users/:id',
  'POST /api/admin/users/:id/reset-link',
  'DELETE /api/admin/users/:id/mfa',
  'GET /api/admin/password-resets',
  'GET /api/admin/mentors',
  'GET /api/admin/mentees',
  'GET /api/admin/mentees/:id/guardians',
  'GET /api/admin/mentees/:id/consents',
  'GET /api/admin/mentees/:id/disclosures',
  'GET /api/admin/retention',
  'GET /api/admin/mentees/:id/data-export',
  'GET /api/admin/mentees/:id/data-export/pdf',
  'PUT /api/admin/retention',
  'GET /api/admin/retention/dry-run',
  'PUT /api/admin/absence-answers/:id/confirm',
  'GET /api/admin/privacy-notice',
  'PUT /api/admin/privacy-notice',
  'POST /api/admin/mentees/:id/guardians',
  'POST /api/admin/guardian-links/:id/resend',
  'DELETE /api/admin/guardian-links/:id',
  'PUT /api/admin/assign-mentor',
  'GET /api/admin/reports/overview',
  'GET /api/admin/audit',
  'GET /api/admin/remotes',
  'GET /api/admin/attendance',
  'POST /api/admin/attendance',
  'GET /api/admin/attendance/export',
  'GET /api/admin/attendance/recorded',
  'GET /api/admin/groups',
  'GET /api/admin/mail-log',
  'GET /api/admin/users/:id/guardian-notifications',
  'PUT /api/admin/users/:id/guardian-notifications',
  'PUT /api/admin/calendar',
  'POST /api/admin/calendar/closures',
  'DELETE /api/admin/calendar/closures/:date',
  'POST /api/admin/imports/:kind',
  'GET /api/admin/imports/:kind/template',
  'GET /api/admin/followup/settings',
  'PUT /api/admin/followup/settings',
  'GET /api/admin/followup/overview',
  'GET /api/admin/followup/outcomes',
  'GET /api/admin/followup/outcomes/export',
  'GET /api/admin/grievances/settings',
  'PUT /api/admin/grievances/settings',
  'GET /api/admin/grievances/analytics',
  'PUT /api/admin/grievances/:id/category',
  'POST /api/admin/grievances/:id/reveal',
];

describe(`admin routes refuse other roles (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let tokens: Record<'mentor' | 'mentee' | 'admin' | 'guardian', string>;
  let someUserId: string;
  beforeAll(async () => {
    t = await startTestApp();
    tokens = {
      admin: await tokenFor(t, DEMO_ACCOUNTS.admin),
      mentor: await tokenFor(t, DEMO_ACCOUNTS.mentor),
      mentee: await tokenFor(t, DEMO_ACCOUNTS.mentee),
      guardian: await tokenFor(t, DEMO_ACCOUNTS.guardian),
    };
    someUserId = (await t.http().get('/api/auth/me').set(bearer(tokens.mentee))).body.user._id;
  });
  afterAll(() => t.close());

  it('lists every admin route the API registered', () => {
    const registered = t.routes
      .filter((r) => r.url.startsWith('/api/admin'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual([...ADMIN_ROUTES].sort());
  });

  it.each(ADMIN_ROUTES)(
    '%s: 401 without a token, 403 for a mentor, a mentee and a guardian, and nothing changes',
    async (route) => {
      const [method, path] = route.split(' ');
      const url = path.replace(':id', someUserId).replace(':date', '2031-03-14').replace(':kind', 'mentees');
      const call = () =>
        t
          .http()
          [method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url)
          .send({ menteeId: someUserId, mentorId: null, email: 'x@y.co' });
      const snapshot = async () => ({
        users: await t.db.getRepository(User).find({ order: { id: 'ASC' } }),
        mentees: await t.db.getRepository(MenteeProfile).find({ order: { id: 'ASC' } }),
        audit: await t.db.getRepository(AuditEntry).count(),
      });
      const before = await snapshot();
      expect((await call().expect(401)).body.code).toBe('UNAUTHENTICATED');
      for (const role of ['mentor', 'mentee', 'guardian'] as const) {
        const res = await call().set(bearer(tokens[role])).expect(403);
        expect(res.body).toEqual({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'Access denied. Admin privileges required.',
          error: 'Forbidden',
        });
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});
