import helmet from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import type { RemoteEntries } from '../remotes/registry';
import { RemotesService } from '../remotes/remotes.service';

/** Origins the remotes are served from when they live elsewhere (the registry); same-origin remotes add nothing. */
export function remoteOrigins(entries: RemoteEntries): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(entries)) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** Hashes of the inline scripts of the shell's index.html (the theme is applied before the app loads). */
export function inlineScriptHashes(webDir: string): string[] {
  const file = join(webDir, 'shell', 'dist', 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );
}

/**
 * Headers that only a document (or a worker, which gets its own CSP) acts on: a browser ignores them on a script it
 * runs in a page. A classic script's own requests follow the page's policies (CSP, referrer policy), and framing,
 * opener isolation and agent clustering are decided by the document. Kept on every response: nosniff (a script must
 * be served as JavaScript), Cross-Origin-Resource-Policy (who may embed the file) and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Takes the document-only headers off a hashed script or stylesheet (web.ts decides which files): ~0.8 KB less on
 * each of the 40–95 files a page loads, uncompressed on HTTP/1.1 (bench/page-load.mjs). Never for documents, /sw.js or
 * anything else a browser could open as a page or a worker.
 */
export function dropDocumentOnlyHeaders(res: { removeHeader(name: string): void }): void {
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

/**
 * Security headers and a Content-Security-Policy that allows this origin, the remotes' origins and nothing else.
 * Styles may be inline: antd writes its theme as CSS-in-JS.
 */
export async function applySecurityHeaders(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const registry = app.get(RemotesService);
  const scripts = inlineScriptHashes(config.webDir);
  // Built once per set of remote origins (@fastify/helmet would build them on every request); a deployment that
  // moves a remote to another origin (npm run remotes -- set) changes the set within the registry's refresh time.
  let built: { key: string; setHeaders: ReturnType<typeof helmet> } | null = null;
  const headersFor = (entries: RemoteEntries) => {
    const remotes = remoteOrigins(entries);
    const key = remotes.join(' ');
    if (built?.key !== key) built = { key, setHeaders: policy(remotes, scripts) };
    return built.setHeaders;
  };
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headersFor(registry.entries())(req.raw, reply.raw, (e) => done(e as Error | undefined));
  });
  // An answer to a signed-in call is that user's: no browser or proxy keeps it (a shared school computer's next user,
  // the back button after sign-out). A route that decides its own caching (an attachment) keeps its header.
  fastify.addHook('onSend', async (req, reply) => {
    if (req.headers.authorization && req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
  });
}

/**
 * Powerful features the portal never uses, off for it and anything it could embed. Uploads pick files (a phone may
 * offer its camera there: that is the file picker, not this permission).
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), ' +
  'midi=(), payment=(), usb=(), serial=(), hid=(), browsing-topics=()';

/** The headers' middleware for these remote origins and the shell's inline scripts. */
function policy(remotes: string[], scripts: string[]) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes, ...scripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...remotes],
        // The service worker (/sw.js) and the web app manifest come from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Schools often serve the portal over plain HTTP on their network: do not force https sub-requests.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}
