import type { FastifyReply } from 'fastify';

/**
 * A stored file as the answer: its own type, its name (UTF-8, RFC 5987), never sniffed by the browser. `inline` shows
 * it (a chat image); otherwise it downloads. `cache`: how the browser may keep it.
 */
export async function sendFile(
  reply: FastifyReply,
  file: { mimeType: string; fileName: string },
  body: Buffer | NodeJS.ReadableStream,
  { inline = false, cache = 'no-store' }: { inline?: boolean; cache?: string } = {},
): Promise<void> {
  await reply
    .header('content-type', file.mimeType)
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cache)
    .send(body);
}
