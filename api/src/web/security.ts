import helmet from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';

/** Origins the remotes are served from when they live elsewhere (REMOTE_URLS); same-origin remotes add nothing. */
export function remoteOrigins(config: AppConfig): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remotes)) {
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
 * Security headers and a Content-Security-Policy that allows this origin, the remotes' origins and nothing else.
 * Styles may be inline: antd writes its theme as CSS-in-JS.
 */
export async function applySecurityHeaders(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const remotes = remoteOrigins(config);
  // Built once: the headers are the same for every answer (@fastify/helmet would build them on every request).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes, ...inlineScriptHashes(config.webDir)],
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
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (req, reply, done) => setHeaders(req.raw, reply.raw, (e) => done(e as Error | undefined)));
}
