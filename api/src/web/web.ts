import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_FOLDERS, type AppConfig } from '../config/app-config';

/**
 * Serves the built shell at / and each remote at /remotes/<folder>/ from the API's port, and the runtime
 * remotes manifest at /remotes.json, so one URL runs the whole portal. Returns the SPA index location.
 */
export async function serveWeb(app: NestFastifyApplication, config: AppConfig): Promise<{ root: string; file: string } | undefined> {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/remotes.json', async (_req, reply) => reply.header('cache-control', 'no-cache').send(config.remotes));

  const shellDist = join(config.webDir, 'shell', 'dist');
  const hasShell = existsSync(join(shellDist, 'index.html'));
  // The first registration decorates reply.sendFile, used for the SPA fallback.
  await app.register(fastifyStatic as never, {
    root: hasShell ? shellDist : config.webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    serve: hasShell,
    setHeaders: cacheHeaders,
  });
  for (const folder of Object.values(REMOTE_FOLDERS)) {
    const dist = join(config.webDir, folder, 'dist');
    if (!existsSync(dist)) continue;
    await app.register(fastifyStatic as never, {
      root: dist, prefix: `/remotes/${folder}/`, wildcard: false, decorateReply: false, setHeaders: cacheHeaders,
    });
  }
  if (!hasShell) return undefined;
  fastify.get('/', async (_req, reply) => reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', shellDist));
  return { root: shellDist, file: 'index.html' };
}

/** Hashed chunks never change; manifests and entries must be re-read so a redeployed remote is picked up. */
function cacheHeaders(reply: { header: (k: string, v: string) => unknown }, path: string): void {
  const immutable = /\.[0-9a-f]{8,}\.(js|css)$/.test(path);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (/mf-manifest\.json$|remoteEntry\.js$/.test(path)) reply.header('access-control-allow-origin', '*');
}
