import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { DataSource } from 'typeorm';
import { Agent, fetch as undiciFetch } from 'undici';
import { freePort, portalEnv, startPortal, startProcess } from './support/built-portal';

/**
 * Sign-in through the school's provider, end to end: the built API (as `npm start` runs it) against a real OpenID
 * provider started here over HTTPS, which the API trusts through NODE_EXTRA_CA_CERTS only, certificate checks on.
 */
const USERS = {
  admin: { email: 'ADMIN@example.edu', email_verified: true },
  mentor: { email: 'mentor@example.edu', email_verified: true },
  // Another person at the provider who was given the mentor's address later (schools recycle them).
  successor: { email: 'mentor@example.edu', email_verified: true },
  unverified: { email: 'mentee@example.edu', email_verified: false },
  'no-email': { name: 'No Address' },
  stranger: { email: 'nobody@example.edu', email_verified: true },
  // Microsoft Entra ID sends no email_verified: the claim named by OIDC_VERIFIED_CLAIM vouches instead.
  entra: { email: 'guardian@example.edu', xms_edov: true },
  pending: { email: 'pending.mentor@example.edu', email_verified: true },
  inactive: { email: 'gone.mentee@example.edu', email_verified: true },
};

type Op = { proc: ChildProcess; issuer: string; ca: string };
const dir = mkdtempSync(join(tmpdir(), 'portal-oidc-'));
let api: string;
let apiProc: ChildProcess;
let op: Op;
let otherOp: Op;
let db: DataSource;
let trusted: Agent;

async function startOp(name: string, redirectUri: string): Promise<Op> {
  const ca = join(dir, `${name}.pem`);
  const started = await startProcess(
    [join(__dirname, 'support', 'oidc-op.mjs')],
    { ...process.env, REDIRECT_URI: redirectUri, CA_FILE: ca, USERS: JSON.stringify(USERS) },
    '{"issuer"',
    20_000,
  );
  const line = started
    .output()
    .split('\n')
    .find((l) => l.startsWith('{"issuer"'))!;
  return { proc: started.proc, issuer: JSON.parse(line).issuer, ca };
}

/** A browser's cookies for one site, as a Cookie header (paths are all under the one route they are read on). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: { headers: Headers }): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) this.cookies.set(pair.slice(0, at), value);
      else this.cookies.delete(pair.slice(0, at));
    }
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** One request without following redirects; the answer's Location, status and body. */
async function hop(url: string, jar: Jar, init: { method?: string } = {}) {
  const res = await undiciFetch(url, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: { cookie: jar.header },
    dispatcher: url.startsWith('https:') ? trusted : undefined,
  });
  jar.take(res as unknown as Response);
  const location = res.headers.get('location');
  return {
    status: res.status,
    location: location ? new URL(location, url).href : null,
    body: await res.text(),
  };
}

/**
 * A browser signing in as `who` at the provider: the portal's start, the provider's pages, the callback. `alter`
 * changes the provider's authorization URL (another nonce, another provider) and `tamper` the callback URL before they
 * are followed. Answers where the callback sent the browser, and the browser's portal cookies.
 */
async function signIn(
  who: string,
  opts: {
    portal?: 'main' | 'admin';
    alter?: (url: URL) => void;
    tamper?: (url: URL) => void;
    /** The cookies the callback arrives with (another browser's), instead of the starting browser's. */
    callbackJar?: Jar;
  } = {},
) {
  const portalJar = new Jar();
  const opJar = new Jar();
  const start = await hop(`${api}/api/auth/oidc/login?portal=${opts.portal ?? 'main'}`, portalJar);
  expect(start.status).toBe(302);
  const authorize = new URL(start.location!);
  authorize.searchParams.set('login_hint', who);
  opts.alter?.(authorize);
  let next = authorize.href;
  for (let i = 0; i < 10 && next.startsWith('https:'); i++) next = (await hop(next, opJar)).location!;
  const callback = new URL(next);
  expect(callback.pathname).toBe('/api/auth/oidc/callback');
  opts.tamper?.(callback);
  const back = await hop(callback.href, opts.callbackJar ?? portalJar);
  expect(back.status).toBe(302);
  return { landed: new URL(back.location!), jar: portalJar, callback: callback.href };
}

/** The sign-in page collecting its token with the browser's cookie. */
const collect = (jar: Jar) =>
  fetch(`${api}/api/auth/oidc/session`, { method: 'POST', headers: { cookie: jar.header } }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as {
      token?: string;
      user?: { email: string; role: string };
      code?: string;
      mfa?: { challenge: string; enrolled: boolean };
    },
  }));

const userCount = async () => Number((await db.query('SELECT COUNT(*) AS n FROM users'))[0].n);

beforeAll(async () => {
  const port = await freePort();
  api = `http://localhost:${port}`;
  op = await startOp('op', `${api}/api/auth/oidc/callback`);
  otherOp = await startOp('other-op', `${api}/api/auth/oidc/callback`);
  trusted = new Agent({ connect: { ca: [readFileSync(op.ca), readFileSync(otherOp.ca)] } });
  const { env } = await portalEnv({
    PORT: String(port),
    PUBLIC_URL: api,
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'test-secret',
    OIDC_LABEL: 'Sign in with Test School',
    OIDC_VERIFIED_CLAIM: 'xms_edov',
    NODE_EXTRA_CA_CERTS: op.ca,
    // An admin's provider sign-in needs the second step too.
    ADMIN_MFA: 'required',
  });
  apiProc = (await startPortal(env)).proc;
  db = new DataSource({ type: 'better-sqlite3', database: join(env.DATA_DIR!, 'portal.sqlite') });
  await db.initialize();
  // A mentor who registered and waits for approval; a student whose account was deactivated.
  const register = (body: object) =>
    fetch(`${api}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'Secret2026x', phone: '+1 555 0100', ...body }),
    }).then((r) => expect(r.status).toBe(201));
  await register({
    email: 'pending.mentor@example.edu',
    role: 'mentor',
    fullName: 'Pending Mentor',
    department: 'Art',
  });
  await register({
    email: 'gone.mentee@example.edu',
    role: 'mentee',
    fullName: 'Gone Student',
    class: '9',
    section: 'A',
  });
  await db.query('UPDATE users SET isActive = 0 WHERE email = ?', ['gone.mentee@example.edu']);
}, 90_000);

afterAll(async () => {
  await db?.destroy();
  for (const p of [apiProc, op?.proc, otherOp?.proc]) p?.kill('SIGTERM');
  await trusted?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("sign-in with the school's provider", () => {
  it('the sign-in pages are told of the provider and its button text', async () => {
    const res = await fetch(`${api}/api/auth/sign-in-options`);
    expect(await res.json()).toEqual({ provider: { label: 'Sign in with Test School' }, passwordSignIn: 'all' });
  });

  it('starts with PKCE, state and nonce, and a cookie page scripts cannot read', async () => {
    const jar = new Jar();
    const res = await undiciFetch(`${api}/api/auth/oidc/login`, { redirect: 'manual' });
    jar.take(res as unknown as Response);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(op.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['code_challenge', 'state', 'nonce']) expect(to.searchParams.get(p)?.length).toBeGreaterThan(20);
    expect(to.searchParams.get('redirect_uri')).toBe(`${api}/api/auth/oidc/callback`);
    const cookie = res.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/portal_sign_in=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('a matching verified e-mail (any case) signs in as that account; the token is collected once, never in a URL', async () => {
    const { landed, jar, callback } = await signIn('mentor');
    expect(landed.pathname).toBe('/login');
    expect(landed.search).toBe('?signin=provider');
    expect(callback).not.toMatch(/eyJ/);
    const first = await collect(jar);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'mentor@example.edu', role: 'mentor' });
    const me = await fetch(`${api}/api/auth/me`, { headers: { authorization: `Bearer ${first.body.token}` } });
    expect(me.status).toBe(200);
    // The same cookie again: nothing.
    const again = await collect(jar);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('PROVIDER_SIGN_IN_FAILED');
    // The provider's subject is now bound to the account.
    const bound = await db.query(
      'SELECT subject FROM sign_in_identities i JOIN users u ON u.id = i.userId WHERE u.email = ?',
      ['mentor@example.edu'],
    );
    expect(bound).toEqual([{ subject: 'mentor' }]);
  });

  it("an admin's provider sign-in (any case of the address) yields the second step's challenge, never a token", async () => {
    const { landed, jar } = await signIn('admin', { portal: 'admin' });
    expect(landed.pathname).toBe('/admin/login');
    expect(landed.search).toBe('?signin=provider');
    const answer = await collect(jar);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ mfa: { challenge: expect.any(String), enrolled: false } });
    const withChallenge = await fetch(`${api}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${(answer.body as { mfa: { challenge: string } }).mfa.challenge}` },
    });
    expect(withChallenge.status).toBe(401);
  });

  it('the claim named by OIDC_VERIFIED_CLAIM vouches where email_verified is not sent (Entra)', async () => {
    const { landed, jar } = await signIn('entra');
    expect(landed.search).toBe('?signin=provider');
    expect((await collect(jar)).body.user).toMatchObject({ email: 'guardian@example.edu', role: 'guardian' });
  });

  it.each([
    ['an unverified e-mail', 'unverified', 'PROVIDER_EMAIL_UNVERIFIED'],
    ['no e-mail', 'no-email', 'PROVIDER_EMAIL_UNVERIFIED'],
    ['an e-mail no account has', 'stranger', 'PROVIDER_NO_ACCOUNT'],
    ['an account waiting for approval', 'pending', 'ACCOUNT_PENDING'],
    ['a deactivated account', 'inactive', 'ACCOUNT_INACTIVE'],
  ])('%s is refused, and nothing is created', async (_what, who, code) => {
    const before = await userCount();
    const { landed, jar } = await signIn(who);
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('error')).toBe(code);
    expect((await collect(jar)).status).toBe(400);
    expect(await userCount()).toBe(before);
    expect(await db.query('SELECT COUNT(*) AS n FROM sign_in_identities WHERE subject = ?', [who])).toEqual([{ n: 0 }]);
  });

  it('the admin portal refuses a provider sign-in of another role', async () => {
    const { landed, jar } = await signIn('mentor', { portal: 'admin' });
    expect(landed.pathname).toBe('/admin/login');
    expect(landed.searchParams.get('error')).toBe('FORBIDDEN');
    expect((await collect(jar)).status).toBe(400);
  });

  it('once bound, the address signing in from another subject is refused', async () => {
    const first = await signIn('mentor');
    expect((await collect(first.jar)).body.user).toMatchObject({ email: 'mentor@example.edu' });
    const later = await signIn('successor');
    expect(later.landed.searchParams.get('error')).toBe('PROVIDER_SUBJECT_MISMATCH');
    expect((await collect(later.jar)).status).toBe(400);
  });

  it('a tampered state is refused', async () => {
    const { landed, jar } = await signIn('admin', { tamper: (u) => u.searchParams.set('state', 'forged-state-value') });
    expect(landed.searchParams.get('error')).toBe('PROVIDER_SIGN_IN_FAILED');
    expect((await collect(jar)).status).toBe(400);
  });

  it('a replayed code is refused: the callback works once per sign-in', async () => {
    const { landed, jar, callback } = await signIn('admin');
    expect(landed.search).toBe('?signin=provider');
    const replay = await hop(callback, jar);
    expect(new URL(replay.location!).searchParams.get('error')).toBe('PROVIDER_SIGN_IN_FAILED');
    // The same code with a fresh sign-in's cookie: its state does not match, nor would the provider take the code.
    const other = new Jar();
    await hop(`${api}/api/auth/oidc/login`, other);
    const replayed = await hop(callback, other);
    expect(new URL(replayed.location!).searchParams.get('error')).toBe('PROVIDER_SIGN_IN_FAILED');
    expect((await collect(other)).status).toBe(400);
  });

  it('a wrong nonce in the ID token is refused', async () => {
    const { landed, jar } = await signIn('admin', { alter: (u) => u.searchParams.set('nonce', 'another-nonce-value') });
    expect(landed.searchParams.get('error')).toBe('PROVIDER_SIGN_IN_FAILED');
    expect((await collect(jar)).status).toBe(400);
  });

  it('an answer from another issuer is refused', async () => {
    const { landed, jar } = await signIn('admin', {
      alter: (u) => {
        const other = new URL(otherOp.issuer);
        u.host = other.host;
      },
    });
    expect(landed.searchParams.get('error')).toBe('PROVIDER_SIGN_IN_FAILED');
    expect((await collect(jar)).status).toBe(400);
  });

  it('a callback in a browser other than the one that started the sign-in is refused', async () => {
    const { landed, jar, callback } = await signIn('admin', { callbackJar: new Jar() });
    expect(landed.searchParams.get('error')).toBe('PROVIDER_SIGN_IN_FAILED');
    expect((await collect(jar)).status).toBe(400);
    // The browser that started it still can: the refusal was the missing cookie's.
    const own = await hop(callback, jar);
    expect(new URL(own.location!).search).toBe('?signin=provider');
    expect((await collect(jar)).status).toBe(200);
  });
});
