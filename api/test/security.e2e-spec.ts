import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { DOCUMENT_ONLY_HEADERS } from '../src/web/security';
import { bearer, codeOf, startTestApp, TEST_DB, tokenFor, type TestApp } from './support/test-app';

describe(`security baseline (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      seed: false,
      env: { REMOTE_URLS: '{"mfe_chat":"https://cdn.example.edu/chat/remoteEntry.js"}' },
    });
  });
  afterAll(() => t.close());

  it("sends helmet headers and a CSP that allows this origin and the remotes' origins only", async () => {
    const res = await t.http().get('/api/health').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.edu[ ;]/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
  });

  it("keeps no signed-in answer in a browser's or proxy's cache; an attachment decides its own", async () => {
    const t2 = await startTestApp();
    try {
      const token = await tokenFor(t2, DEMO_ACCOUNTS.mentee);
      const mine = await t2.http().get('/api/leaves/mentee').set(bearer(token)).expect(200);
      expect(mine.headers['cache-control']).toBe('no-store');
      // Refusals too: they say who is signed in and what they may not do.
      const refused = await t2.http().get('/api/admin/users').set(bearer(token)).expect(403);
      expect(refused.headers['cache-control']).toBe('no-store');
      // A public answer is not forced out of caches.
      expect((await t2.http().get('/api/health').expect(200)).headers['cache-control']).toBeUndefined();
    } finally {
      await t2.close();
    }
  });

  it('answers cross-origin calls only for configured origins', async () => {
    const other = await startTestApp({ seed: false, env: { CORS_ORIGINS: 'https://portal.example.edu' } });
    try {
      const ok = await other.http().get('/api/health').set('origin', 'https://portal.example.edu').expect(200);
      expect(ok.headers['access-control-allow-origin']).toBe('https://portal.example.edu');
      const no = await other.http().get('/api/health').set('origin', 'https://evil.example.com').expect(200);
      expect(no.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await other.close();
    }
    const none = await t.http().get('/api/health').set('origin', 'https://evil.example.com').expect(200);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the remotes manifest the shell reads at run time', async () => {
    const res = await t.http().get('/remotes.json').expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['mfe_admin', 'mfe_chat', 'mfe_guardian', 'mfe_mentee', 'mfe_mentor']);
    expect(res.body.mfe_admin.entry).toBe('/remotes/mfe-admin/remoteEntry.js');
    expect(res.body.mfe_mentee.entry).toBe('/remotes/mfe-mentee/remoteEntry.js');
    // Served from elsewhere: the shell reads that remote's route manifest beside its entry.
    expect(res.body.mfe_chat).toEqual({ entry: 'https://cdn.example.edu/chat/remoteEntry.js', routes: null });
  });

  it('refuses a body over 1 MiB with 413 and malformed JSON with 400', async () => {
    expect(
      await codeOf(
        t
          .http()
          .post('/api/auth/login')
          .set('content-type', 'application/json')
          .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }))
          .expect(413),
      ),
    ).toBe('PAYLOAD_TOO_LARGE');
    const bad = await t
      .http()
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', error: 'Bad Request' });
    expect(bad.body).not.toHaveProperty('stack');
  });
});

const ADMIN_ROUTES = {
  remote: 'mfe_admin',
  routes: [{ path: '/admin/users', title: 'User Management', roles: ['admin'] }],
};

describe('web app serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    await t.close();
    // A fake build: the shell and one remote.
    const web = t.config.webDir;
    mkdirSync(join(web, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(web, 'shell', 'dist', 'index.html'), '<html><script>document.title="x"</script></html>');
    writeFileSync(join(web, 'shell', 'dist', 'main.0123456789.js'), 'console.log(1)');
    mkdirSync(join(web, 'mfe-admin', 'dist'), { recursive: true });
    writeFileSync(join(web, 'mfe-admin', 'dist', 'remoteEntry.js'), 'var mfe_admin;');
    writeFileSync(join(web, 'mfe-admin', 'dist', 'route-manifest.json'), JSON.stringify(ADMIN_ROUTES));
    writeFileSync(join(web, 'shell', 'dist', 'main.0123456789.js.map'), '{"sources":["secret.ts"]}');
    writeFileSync(join(web, 'mfe-admin', 'dist', 'remoteEntry.js.map'), '{"sources":["secret.ts"]}');
    // The service worker and the precache lists each build writes.
    writeFileSync(join(web, 'shell', 'dist', 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(web, 'shell', 'dist', 'precache-manifest.json'), '["index.html","main.0123456789.js"]');
    writeFileSync(join(web, 'mfe-admin', 'dist', 'precache-manifest.json'), '["remoteEntry.js","route-manifest.json"]');
    t = await startTestApp({ seed: false, env: { WEB_DIR: web } });
  });
  afterAll(() => t.close());

  it('answers deep links with the single-page app, and API misses with JSON', async () => {
    const page = await t.http().get('/admin/users').set('accept', 'text/html').expect(200);
    expect(page.text).toContain('<html>');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const miss = await t.http().get('/api/nope').expect(404).expect('content-type', /json/);
    expect(miss.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    // Files and socket paths are never answered with the page.
    await t.http().get('/missing.0123456789.js').expect(404).expect('content-type', /json/);
    await t.http().post('/admin/users').expect(404).expect('content-type', /json/);
    // Metrics live on their own port; here the address is nothing, not the app.
    await t.http().get('/metrics').set('accept', 'text/html').expect(404).expect('content-type', /json/);
  });

  it('puts the route manifest of each remote it serves into /remotes.json, and null where there is no build', async () => {
    const res = await t.http().get('/remotes.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.mfe_admin).toEqual({ entry: '/remotes/mfe-admin/remoteEntry.js', routes: ADMIN_ROUTES });
    expect(res.body.mfe_mentor).toEqual({ entry: '/remotes/mfe-mentor/remoteEntry.js', routes: null });
  });

  it('caches hashed chunks for a year and re-checks remote entries', async () => {
    expect((await t.http().get('/main.0123456789.js').expect(200)).headers['cache-control']).toContain('immutable');
    const entry = await t.http().get('/remotes/mfe-admin/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
  });

  it('sends the document-only headers with pages, the worker and entries, not with hashed scripts', async () => {
    const script = await t
      .http()
      .get('/main.0123456789.js')
      .expect(200)
      .expect('content-type', /javascript/);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(script.headers[name]).toBeUndefined();
    // What a script still needs: served as JavaScript only, embeddable, HTTPS remembered.
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['strict-transport-security']).toContain('max-age=');
    const page = await t.http().get('/dashboard').set('accept', 'text/html').expect(200);
    const worker = await t.http().get('/sw.js').expect(200);
    const entry = await t.http().get('/remotes/mfe-admin/remoteEntry.js').expect(200);
    for (const res of [page, worker, entry]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    // A hashed-looking name that is not a file gets the API's answer, headers and all.
    const miss = await t.http().get('/missing.0123456789.js').expect(404);
    expect(miss.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the service worker uncached, with the shell for everyone and each role its remotes to keep', async () => {
    const sw = await t
      .http()
      .get('/sw.js')
      .expect(200)
      .expect('content-type', /javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(sw.headers['content-security-policy']).toContain("manifest-src 'self'");
    // Everyone's: the shell. The admin remote's files only for the roles its route manifest names.
    const precache = JSON.parse(/const PRECACHE = (.*);/.exec(sw.text)![1]) as string[];
    expect(precache).toEqual(['/remotes.json', '/index.html', '/main.0123456789.js']);
    const roleFiles = JSON.parse(/const ROLE_FILES = (.*);/.exec(sw.text)![1]) as Record<string, string[]>;
    expect(roleFiles).toEqual({
      admin: ['/remotes/mfe-admin/remoteEntry.js', '/remotes/mfe-admin/route-manifest.json'],
    });
    expect(sw.text).toContain('self.addEventListener("fetch"');
    // A redeployed remote changes the worker's bytes, so browsers install the new one.
    const version = /const VERSION = '(\w+)'/.exec(sw.text)![1];
    writeFileSync(
      join(t.config.webDir, 'mfe-admin', 'dist', 'precache-manifest.json'),
      '["remoteEntry.js","a.0123456789.js"]',
    );
    const next = await t.http().get('/sw.js').expect(200);
    expect(/const VERSION = '(\w+)'/.exec(next.text)![1]).not.toBe(version);
  });

  it('does not serve source maps (they stay on disk for the error tooling)', async () => {
    for (const path of ['/main.0123456789.js.map', '/remotes/mfe-admin/remoteEntry.js.map']) {
      const res = await t.http().get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.text).not.toContain('secret.ts');
    }
    expect(existsSync(join(t.config.webDir, 'shell', 'dist', 'main.0123456789.js.map'))).toBe(true);
  });
});

describe(`disclosure (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("readers get comment and like authors' names, never their e-mail addresses", async () => {
    const mentee = await tokenFor(t, DEMO_ACCOUNTS.mentee);
    const mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    const list = await t.http().get('/api/announcements').set(bearer(mentee)).expect(200);
    const announcement = (list.body.announcements ?? list.body)[0];
    const posted = await t
      .http()
      .post(`/api/announcements/${announcement._id}/comments`)
      .set(bearer(mentee))
      .send({ content: 'A student comment' })
      .expect(201);
    const liked = await t.http().post(`/api/announcements/${announcement._id}/likes`).set(bearer(mentee)).expect(200);
    const comments = await t
      .http()
      .get(`/api/announcements/${announcement._id}/comments`)
      .set(bearer(mentor))
      .expect(200);
    expect(comments.body.length).toBeGreaterThan(0);
    const grievances = await t.http().get('/api/grievances/mentor').set(bearer(mentor)).expect(200);
    const grievance = (grievances.body.grievances ?? grievances.body)[0];
    const grievanceComments = await t
      .http()
      .get(`/api/grievances/${grievance._id}/comments`)
      .set(bearer(mentor))
      .expect(200);
    for (const body of [posted.body, liked.body, comments.body, grievanceComments.body]) {
      expect(JSON.stringify(body)).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
    expect(comments.body[0].userId).toEqual({ _id: expect.any(String), fullName: expect.any(String) });
  });
});

// The SQLite file exists only on the embedded database; the MariaDB pass has no such file to check.
if (TEST_DB === 'sqlite') {
  describe('files holding secrets', () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-modes-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const mode = (path: string) => statSync(path).mode & 0o777;

    it('the data directory is created 0700, the SQLite file and the generated JWT secret 0600', async () => {
      const dataDir = join(root, 'created', 'data');
      const app = await startTestApp({ seed: false, env: { DATA_DIR: dataDir } });
      try {
        expect(mode(dataDir).toString(8)).toBe('700');
        expect(mode(join(dataDir, 'portal.sqlite')).toString(8)).toBe('600');
        expect(mode(join(dataDir, 'jwt-secret')).toString(8)).toBe('600');
      } finally {
        await app.close();
      }
    });

    it('a SQLite file left readable by an older version is made 0600 at start', async () => {
      const dataDir = join(root, 'older');
      mkdirSync(dataDir, { mode: 0o755 });
      writeFileSync(join(dataDir, 'portal.sqlite'), '', { mode: 0o644 });
      const app = await startTestApp({ seed: false, env: { DATA_DIR: dataDir } });
      try {
        expect(mode(join(dataDir, 'portal.sqlite')).toString(8)).toBe('600');
      } finally {
        await app.close();
      }
    });
  });
}
