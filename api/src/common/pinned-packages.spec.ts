import fastifyStatic from '@fastify/static';
import { FileTypeValidator } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The smallest valid PNG (1×1).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/**
 * The framework's own helpers whose dependencies the root package.json's `overrides` hold at versions that run on
 * Node 20 (the frameworks ask for versions that declare Node 22): each is used here as the framework uses it.
 * The API's own use of file-type (an attachment's content against its extension) is in attachments.e2e-spec.ts.
 */
describe('framework helpers on the Node-20 versions of their dependencies', () => {
  let dir: string;
  let server: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-pinned-'));
    writeFileSync(join(dir, 'report.pdf'), '%PDF-1.4\n');
    server = Fastify();
    await server.register(fastifyStatic, { root: dir, serve: false });
    server.get('/download', (_req, reply) => reply.download('report.pdf', 'Term report – Jordan.pdf'));
    server.get('/cookie', (req) => ({ cookie: req.headers.cookie }));
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("@fastify/static's reply.download names the file in Content-Disposition (content-disposition 2)", async () => {
    const res = await server.inject({ method: 'GET', url: '/download' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('%PDF-1.4\n');
    // An ASCII fallback for old clients, and the name itself (RFC 6266, RFC 8187).
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Term report ? Jordan.pdf"; filename*=UTF-8''Term%20report%20%E2%80%93%20Jordan.pdf`,
    );
  });

  it("light-my-request (Fastify's inject, used by tests) sends the cookies it is given (cookie 1)", async () => {
    const res = await server.inject({ method: 'GET', url: '/cookie', cookies: { theme: 'dark', note: 'a b' } });
    expect(res.json()).toEqual({ cookie: 'theme=dark; note=a%20b' });
  });

  it("Nest's FileTypeValidator tells a file by its content, not its stated type (file-type 21)", async () => {
    const png = new FileTypeValidator({ fileType: 'image/png' });
    expect(await png.isValid({ mimetype: 'image/png', buffer: PNG } as never)).toBe(true);
    expect(await png.isValid({ mimetype: 'image/png', buffer: Buffer.from('not really a png') } as never)).toBe(false);
    expect(
      await new FileTypeValidator({ fileType: 'application/pdf' }).isValid({
        mimetype: 'application/pdf',
        buffer: PNG,
      } as never),
    ).toBe(false);
  });
});
