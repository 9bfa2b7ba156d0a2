import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Deeper than any call takes (attendance, the deepest, nests three levels): refused before parsing. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the JSON text nests arrays or objects deeper than `max`. One pass over the text, brackets inside strings
 * skipped; it runs before JSON.parse, whose recursion a deep enough body under the size limit would overflow.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const badRequest = (message: string) => Object.assign(new Error(message), { statusCode: 400 });

/**
 * The JSON body parser of the whole API: an empty body is no body (the spec's client sends
 * `Content-Type: application/json` on every call, bodiless toggles, likes and deletes included); a body nested deeper
 * than MAX_JSON_DEPTH is a 400 BAD_REQUEST; anything else goes to Fastify's own parser (prototype poisoning refused).
 */
export function useJsonBodyParser(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit }, (req, body, done) => {
    const text = body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (nestedDeeperThan(text, MAX_JSON_DEPTH))
      return done(badRequest(`The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`), undefined);
    parse(req as Parameters<typeof parse>[0], text, done);
  });
}
