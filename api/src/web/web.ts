import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REMOTE_FOLDERS, type AppConfig } from '../config/app-config';
import type { RemoteEntries } from '../remotes/registry';
import { RemotesService } from '../remotes/remotes.service';
import { dropDocumentOnlyHeaders } from './security';

/**
 * Serves the built shell at / and each remote at /remotes/<folder>/ from the API's port, and the runtime
 * remotes manifest at /remotes.json, so one URL runs the whole portal. Page routes the shell knows (deep links such
 * as /admin/users) get its index.html; every other miss goes on to the API's 404.
 */
export async function serveWeb(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const registry = app.get(RemotesService);
  fastify.get('/remotes.json', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(await remotesJson(config, registry.entries())),
  );

  const shellDist = join(config.webDir, 'shell', 'dist');
  const hasShell = existsSync(join(shellDist, 'index.html'));
  // The first registration decorates reply.sendFile, used for the page fallback.
  await app.register(fastifyStatic as never, {
    root: hasShell ? shellDist : config.webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    serve: hasShell,
    setHeaders: cacheHeaders,
    allowedPath: notSourceMap,
    // /sw.js is composed below (the worker with its precache list), not served as the file.
    globIgnore: ['sw.js'],
  });
  for (const folder of Object.values(REMOTE_FOLDERS)) {
    const dist = join(config.webDir, folder, 'dist');
    if (!existsSync(dist)) continue;
    await app.register(fastifyStatic as never, {
      root: dist,
      prefix: `/remotes/${folder}/`,
      wildcard: false,
      decorateReply: false,
      setHeaders: cacheHeaders,
      allowedPath: notSourceMap,
    });
  }
  if (!hasShell) return;
  // Never cached by the browser's HTTP cache (browsers cap it at 24 h anyway): a deploy must reach the worker at once.
  fastify.get('/sw.js', async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await serviceWorker(config, shellDist, registry.entries())),
  );
  const index = (reply: FastifyReply) =>
    void reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', shellDist);
  fastify.get('/', (_req, reply) => index(reply));
  // Matched only when no other route is (files and API routes are registered by path and win).
  fastify.get('/*', (req, reply) => (isPageRequest(req.url) ? index(reply) : reply.callNotFound()));
}

/**
 * Each remote's entry, and its route manifest (paths, menu, roles) when this API serves that remote: the shell then
 * builds its menu without a request per remote. A remote served from elsewhere (the registry: REMOTE_URLS or
 * `npm run remotes -- set`) gets null, and the shell reads route-manifest.json beside its entry. Read on each request,
 * so a rebuilt remote is picked up.
 */
async function remotesJson(
  config: AppConfig,
  entries: RemoteEntries,
): Promise<Record<string, { entry: string; routes: unknown }>> {
  const remotes = Object.entries(entries).map(async ([name, entry]) => {
    const folder = REMOTE_FOLDERS[name as keyof typeof REMOTE_FOLDERS];
    const local = folder && entry === `/remotes/${folder}/remoteEntry.js`;
    const routes = local
      ? await readFile(join(config.webDir, folder, 'dist', 'route-manifest.json'), 'utf8').then(JSON.parse, () => null)
      : null;
    return [name, { entry, routes }] as const;
  });
  return Object.fromEntries(await Promise.all(remotes));
}

/**
 * The shell's service worker with, in front, the files it precaches: PRECACHE, the shell's and /remotes.json, kept at
 * install for everyone; ROLE_FILES, each role's remotes this API serves (each build writes precache-manifest.json, and a
 * remote belongs to the roles its route manifest names; a remote served elsewhere is not precached), kept once the page
 * says who signed in, so a student's browser never downloads the admin's code. VERSION changes with those lists and
 * index.html, so every deploy gives the browser a new worker to install.
 */
async function serviceWorker(config: AppConfig, shellDist: string, entries: RemoteEntries): Promise<string> {
  const json = <T>(file: string, fallback: T): Promise<T> =>
    readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as T,
      () => fallback,
    );
  const shell = [
    '/remotes.json',
    ...(await json<string[]>(join(shellDist, 'precache-manifest.json'), [])).map((f) => `/${f}`),
  ];
  const byRole: Record<string, string[]> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const folder = REMOTE_FOLDERS[name as keyof typeof REMOTE_FOLDERS];
    if (!folder || entry !== `/remotes/${folder}/remoteEntry.js`) continue;
    const dist = join(config.webDir, folder, 'dist');
    const files = (await json<string[]>(join(dist, 'precache-manifest.json'), [])).map(
      (f) => `/remotes/${folder}/${f}`,
    );
    const manifest = await json<{ routes?: { roles?: string[] }[] }>(join(dist, 'route-manifest.json'), {});
    const roles = new Set((manifest.routes ?? []).flatMap((route) => route.roles ?? []));
    for (const role of roles) (byRole[role] ??= []).push(...files);
  }
  const [index, body] = await Promise.all([
    readFile(join(shellDist, 'index.html'), 'utf8'),
    readFile(join(shellDist, 'sw.js'), 'utf8'),
  ]);
  const lists = `const PRECACHE = ${JSON.stringify(shell)};\nconst ROLE_FILES = ${JSON.stringify(byRole)};\n`;
  const version = createHash('sha256').update(lists).update(index).update(body).digest('hex').slice(0, 16);
  return `const VERSION = '${version}';\n${lists}${body}`;
}

/** A path the shell's router handles: not the API, the socket, a remote or /metrics (on its own port), nor a file. */
function isPageRequest(url: string): boolean {
  const path = url.split('?')[0];
  return !/^\/(api|socket\.io|remotes|metrics)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
}

/** Source maps stay on disk (for whoever reads a stack trace) but are not served: they would publish the source. */
const notSourceMap = (path: string): boolean => !/\.map$/i.test(path);

/**
 * Hashed chunks never change; manifests and entries must be re-read so a redeployed remote is picked up. A hashed chunk
 * is a script or stylesheet the pages load (never a page or a worker: the worker is /sw.js), so it goes without the
 * document-only headers (security.ts).
 */
function cacheHeaders(
  reply: { header: (k: string, v: string) => unknown; raw: { removeHeader(name: string): void } },
  path: string,
): void {
  const immutable = /\.[0-9a-f]{8,}\.(js|css)$/.test(path);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (immutable) dropDocumentOnlyHeaders(reply.raw);
  if (/route-manifest\.json$|remoteEntry\.js$|version\.json$/.test(path))
    reply.header('access-control-allow-origin', '*');
}
