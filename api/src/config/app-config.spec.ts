import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'cfg-'));

  it('defaults to the embedded SQLite database and keeps a generated secret beside it', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.database).toEqual({ type: 'sqlite', file: join(dir, 'portal.sqlite') });
    expect(a.port).toBe(3000);
    expect(a.seedDemo).toBe(true);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(a.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(a.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(a.jwtSecret);
  });

  it('reads MySQL, port, seed and remotes settings', () => {
    const c = loadConfig({
      DATABASE_URL: 'mysql://u:p@db:3306/portal',
      JWT_SECRET: 'x'.repeat(40),
      PORT: '8080',
      SEED_DEMO: 'false',
      REMOTE_URLS: '{"mfe_admin":"https://cdn.example.edu/admin/remoteEntry.js"}',
      DATA_DIR: dataDir(),
    });
    expect(c.database).toEqual({ type: 'mysql', url: 'mysql://u:p@db:3306/portal' });
    expect(c.port).toBe(8080);
    expect(c.seedDemo).toBe(false);
    expect(c.remotes.mfe_admin).toBe('https://cdn.example.edu/admin/remoteEntry.js');
    expect(c.remotes.mfe_mentee).toBe('/remotes/mfe-mentee/remoteEntry.js');
    expect(c.remotes.mfe_guardian).toBe('/remotes/mfe-guardian/remoteEntry.js');
  });

  it("reads the school's OpenID provider: all three of issuer, client and secret, over https, or none", () => {
    const oidc = { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ DATA_DIR: dataDir() }).oidc).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), ...oidc }).oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
      label: 'Sign in with your school account',
      verifiedClaim: undefined,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), OIDC_ISSUER: oidc.OIDC_ISSUER })).toThrow(/set all three/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...oidc, OIDC_ISSUER: 'http://idp.example' })).toThrow(
      /OIDC_ISSUER must be the provider's https address/,
    );
    // Staff without passwords need the provider.
    expect(() => loadConfig({ DATA_DIR: dataDir(), PASSWORD_SIGNIN: 'students-only' })).toThrow(/OIDC_ISSUER too/);
    expect(loadConfig({ DATA_DIR: dataDir(), ...oidc, PASSWORD_SIGNIN: 'students-only' }).passwordSignIn).toBe(
      'students-only',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PASSWORD_SIGNIN: 'nobody' })).toThrow(/all or students-only/);
  });

  it('never seeds demo accounts in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'y'.repeat(40), DATA_DIR: dataDir() }).seedDemo).toBe(
      false,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x' }, 'DATABASE_URL must look like mysql://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ DATABASE_URL: 'mysql://root@localhost/x' }, 'JWT_SECRET: required'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET: required'],
    [{ JWT_EXPIRES_IN: 'forever' }, 'JWT_EXPIRES_IN'],
    [{ REMOTE_URLS: 'not json' }, 'REMOTE_URLS'],
    [{ READ_CACHE: 'maybe' }, 'READ_CACHE must be on or off'],
    [
      { REMOTE_URLS: '{"mfe_admin":"https://cdn.example.edu/admin/mf-manifest.json"}' },
      'REMOTE_URLS: must be a JSON object of remote name to the URL of its remoteEntry.js',
    ],
    [{ REMOTE_URLS: '["https://cdn.example.edu/admin/remoteEntry.js"]' }, 'REMOTE_URLS'],
  ])('stops with a clear message for %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
