// A real OpenID provider for the tests (oidc-provider), over HTTPS with a certificate made at start: run as its own
// process (the package is ESM-only and wants koa 3, neither of which belongs in the API or in jest's module registry).
// Environment: REDIRECT_URI (the portal's callback), CA_FILE (where the certificate goes, for NODE_EXTRA_CA_CERTS),
// USERS (JSON: subject → claims), ISSUER_HOST (default localhost). Prints one JSON line, {"issuer": ...}, once it listens.
//
// The person signs in at /interaction/:uid: with `login_hint=<subject>` on the authorization request at once (the
// API tests), else on a page listing the test users as buttons (the browser tests).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import https from 'node:https';
import { Provider } from 'oidc-provider';
import selfsigned from 'selfsigned';

const users = JSON.parse(process.env.USERS ?? '{}');
const host = process.env.ISSUER_HOST ?? 'localhost';
// A name of its own: two providers' certificates trusted at once must not share a subject name.
const pems = await selfsigned.generate([{ name: 'commonName', value: `test-op-${randomUUID()}` }], {
  keyType: 'ec',
  algorithm: 'sha256',
  days: 2,
  extensions: [
    { name: 'basicConstraints', cA: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ],
});
const server = https.createServer({ key: pems.private, cert: pems.cert });
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `https://${host}:${server.address().port}`;
const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const provider = new Provider(issuer, {
  clients: [{ client_id: 'portal', client_secret: 'test-secret', redirect_uris: [process.env.REDIRECT_URI] }],
  pkce: { required: () => true },
  // The e-mail claims in the ID token itself, as Google and Entra send them.
  conformIdTokenClaims: false,
  claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name'] },
  findAccount: async (_ctx, sub) => users[sub] && { accountId: sub, claims: async () => ({ sub, ...users[sub] }) },
  jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: ['test-only-cookie-key'] },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // Consent is taken as given: the school's own provider does not ask its users about its own portal.
  loadExistingGrant: async (ctx) => {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (uid) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test school sign-in</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head><body>
<main><h1>Test school sign-in</h1><form method="post" action="/interaction/${escape(uid)}">
${Object.entries(users)
  .map(
    ([sub, claims]) =>
      `<p><button name="sub" value="${escape(sub)}">Sign in as ${escape(claims.email ?? sub)}</button></p>`,
  )
  .join('\n')}
</form></main></body></html>`;

const body = (req) =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(new URLSearchParams(text)));
  });

const callback = provider.callback();
server.on('request', async (req, res) => {
  if (!req.url.startsWith('/interaction/')) return callback(req, res);
  try {
    const { uid, params } = await provider.interactionDetails(req, res);
    const sub = req.method === 'POST' ? (await body(req)).get('sub') : params.login_hint;
    if (!sub) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid));
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: String(sub) } });
  } catch (e) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(e));
  }
});

writeFileSync(process.env.CA_FILE, pems.cert);
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
