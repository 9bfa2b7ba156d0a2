import Ajv2020 from 'ajv/dist/2020';
import { ERROR_CODES, ErrorCode, MAX_LIST_SIZE, ROLES, TOTAL_COUNT_HEADER } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { ERROR_STATUS } from '../src/common/error-status';
import { DOCS_JSON_PATH, DOCS_PATH } from '../src/openapi/openapi';
import { ACCESS } from './access-matrix';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

/** The reference's own routes (the document, Swagger UI's page and files): not operations of the API. */
const isDocs = (url: string) => url === DOCS_JSON_PATH || url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`);
const DOC_ID = 'https://portal.example/openapi.json';
/**
 * Routes with no refusal to document: what the sign-in pages offer, and the provider's callback, whose refusals travel
 * in the redirect's `?error=` for the page to explain.
 */
const NEVER_REFUSED = ['GET /api/auth/sign-in-options', 'GET /api/auth/oidc/callback'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** Fastify's `/leaves/:id` is OpenAPI's `/leaves/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every `$ref` anywhere under `node`. */
function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, found));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') found.push(v);
      else refs(v, found);
    }
  return found;
}

describe(`OpenAPI reference (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let doc: Document;
  /** "METHOD /api/path" of every route the running application registered under /api. */
  let routes: string[];

  beforeAll(async () => {
    t = await startTestApp();
    routes = [
      ...new Set(
        t.routes.filter((r) => r.url.startsWith('/api/') && !isDocs(r.url)).map((r) => `${r.method} ${r.url}`),
      ),
    ].sort();
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.body;
  });
  afterAll(() => t.close());

  const operation = (route: string): Operation | undefined => {
    const [method, url] = route.split(' ');
    return doc.paths[openApiPath(url)]?.[method.toLowerCase()];
  };

  it('is an OpenAPI 3.1 document whose every reference resolves', () => {
    expect(doc.servers).toEqual([{ url: '/', description: "The portal's own origin" }]);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      for (const [method, op] of Object.entries(item)) {
        expect([path, METHODS.includes(method)]).toEqual([path, true]);
        expect([path, method, Object.keys(op.responses).length > 0]).toEqual([path, method, true]);
        for (const status of Object.keys(op.responses)) expect(status).toMatch(/^[1-5]\d\d$/);
        // Every {name} of the path is declared as a required path parameter.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g))
          expect([path, name, op.parameters?.some((p) => p.in === 'path' && p.name === name && p.required)]).toEqual([
            path,
            name,
            true,
          ]);
      }
    }
    const unresolved = [...new Set(refs(doc))].filter((ref) => {
      const name = ref.replace('#/components/schemas/', '');
      return !ref.startsWith('#/components/schemas/') || !doc.components.schemas[name];
    });
    expect(unresolved).toEqual([]);
  });

  it('documents every route the API registers, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !operation(r))).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => openApiPath(r)).sort());
  });

  it('gives every route a summary and the schema of its answer', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const op = operation(route)!;
      if (!op.summary?.trim()) problems.push(`${route}: no summary`);
      // A redirect (3xx) is a route's success too: the provider sign-in's steps.
      const success = Object.entries(op.responses).filter(([s]) => /^[23]/.test(s));
      if (success.length !== 1) {
        problems.push(`${route}: ${success.length} success responses`);
        continue;
      }
      const [status, response] = success[0];
      // Only "no content" answers and redirects may go without a schema.
      if (!response.content) {
        if (status !== '204' && !status.startsWith('3')) problems.push(`${route}: ${status} without a schema`);
        continue;
      }
      for (const [type, { schema }] of Object.entries(response.content))
        if (!schema || (!schema.$ref && !schema.type && !schema.oneOf))
          problems.push(`${route}: ${type} has no schema`);
    }
    expect(problems).toEqual([]);
  });

  it("states each route's roles as the access matrix has them, and asks a token of every non-public route", () => {
    for (const route of routes) {
      const op = operation(route)!;
      const rule = ACCESS[route]?.roles;
      const expected = rule === 'public' ? ['public'] : [...(rule ?? [])].sort();
      expect([route, [...(op['x-roles'] ?? [])].sort()]).toEqual([route, expected]);
      expect([route, op.security]).toEqual([route, rule === 'public' ? [] : [{ bearer: [] }]]);
      expect(op.description).toContain(rule === 'public' ? 'Public' : `Roles: `);
    }
  });

  it('lists the error codes of every route under their status, in the one error shape', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const op = operation(route)!;
      const errors = Object.entries(op.responses).filter(([s]) => Number(s) >= 400);
      if (!errors.length && !NEVER_REFUSED.includes(route)) problems.push(`${route}: no error responses`);
      const codesOf = (status: string): string[] => {
        const schema = op.responses[status]?.content?.['application/json']?.schema as { allOf?: Json[] } | undefined;
        const [base, own] = schema?.allOf ?? [];
        if (base?.$ref !== '#/components/schemas/ApiError') problems.push(`${route} ${status}: not the ApiError shape`);
        return ((own?.properties as Json)?.code as { enum?: string[] })?.enum ?? [];
      };
      for (const [status] of errors) {
        const codes = codesOf(status);
        if (!codes.length) problems.push(`${route} ${status}: no codes`);
        for (const code of codes)
          if (!ERROR_CODES.includes(code as ErrorCode) || String(ERROR_STATUS[code as ErrorCode]) !== status)
            problems.push(`${route} ${status}: ${code} does not answer ${status}`);
      }
      const rule = ACCESS[route]?.roles;
      if (rule !== 'public' && !codesOf('401').includes(ErrorCode.Unauthenticated))
        problems.push(`${route}: no 401 UNAUTHENTICATED`);
      if (rule !== 'public' && rule && rule.length < ROLES.length && !codesOf('403').includes(ErrorCode.Forbidden))
        problems.push(`${route}: no 403 FORBIDDEN`);
      if ((op.parameters?.length || op.requestBody) && !codesOf('400').includes(ErrorCode.ValidationFailed))
        problems.push(`${route}: no 400 VALIDATION_FAILED`);
    }
    expect(problems).toEqual([]);
    // Route-specific codes, from the route's own @ApiErrors, and 429 where the route is rate-limited.
    const approve = operation('PUT /api/leaves/:id/approve')!;
    expect(codesOf409(approve)).toEqual(expect.arrayContaining([ErrorCode.LeaveNotPending]));
    const login = operation('POST /api/auth/login')!;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['400', '401', '429']));
  });

  it('describes request bodies and query parameters from the DTOs the validation pipe enforces', () => {
    const body = operation('POST /api/leaves')!.requestBody!.content['application/json'].schema;
    const dto = doc.components.schemas[String(body.$ref).split('/').pop()!] as {
      properties: Record<string, Json>;
      required: string[];
    };
    expect(dto.required.sort()).toEqual(['endDate', 'leaveType', 'reason', 'startDate']);
    expect(dto.properties.startDate).toEqual(expect.objectContaining({ type: 'string', format: 'date' }));
    expect(dto.properties.reason).toEqual(expect.objectContaining({ type: 'string', maxLength: 2000 }));
    expect(dto.properties.leaveType.enum).toEqual(['sick', 'casual', 'emergency']);

    const query = operation('GET /api/leaves/admin')!.parameters!.filter((p) => p.in === 'query');
    expect(query.map((p) => [p.name, !!p.required]).sort()).toEqual([
      ['leaveType', false],
      ['limit', false],
      ['page', false],
      ['search', false],
      ['status', false],
    ]);
    // Every list is bounded: the page size and its maximum are in the document, the total in a header.
    expect(query.find((p) => p.name === 'limit')!.schema).toEqual(
      expect.objectContaining({ minimum: 1, maximum: MAX_LIST_SIZE }),
    );
    expect(operation('GET /api/leaves/admin')!.responses['200']).toEqual(
      expect.objectContaining({
        headers: { [TOTAL_COUNT_HEADER]: expect.objectContaining({ schema: expect.anything() }) },
      }),
    );
    const id = operation('GET /api/leaves/:id')!.parameters!.find((p) => p.name === 'id')!;
    expect(id.schema).toEqual(expect.objectContaining({ type: 'string', format: 'uuid' }));
    // Nested DTOs and lists of them.
    const closures = doc.components.schemas.AddClosuresDto as { properties: Record<string, Json> };
    expect(closures.properties.closures).toEqual(
      expect.objectContaining({ type: 'array', minItems: 1, items: { $ref: '#/components/schemas/ClosureDto' } }),
    );
    // A uuid that may be null is a string, not an object (a generated client would type it Record<string, never>).
    const assign = doc.components.schemas.AssignMentorDto as { properties: Record<string, Json>; required: string[] };
    expect(JSON.stringify(assign.properties.mentorId)).toContain('"uuid"');
    expect(JSON.stringify(assign.properties.mentorId)).toContain('"string"');
    expect(JSON.stringify(assign.properties.mentorId)).not.toContain('"object"');
    expect(assign.required).toEqual(expect.arrayContaining(['menteeId', 'mentorId']));
    expect(assign.properties.menteeId).toEqual(expect.objectContaining({ type: 'string', format: 'uuid' }));
    // Either a day or a month: each parameter is optional alone, and says which others it goes with (issue 39).
    const register = operation('GET /api/admin/attendance')!;
    expect(register.description).toContain('either `date`');
    for (const p of register.parameters!)
      expect([p.name, p.description]).toEqual([p.name, expect.stringMatching(/unless/)]);
    expect(register.parameters!.find((p) => p.name === 'month')!.schema).toEqual(
      expect.objectContaining({ type: 'integer' }),
    );
    // An attachment is served in its own type.
    const download = operation('GET /api/messages/attachments/:id')!.responses['200'].content!;
    expect(Object.keys(download)).toEqual(expect.arrayContaining(['image/png', 'application/pdf', 'text/plain']));
    expect(Object.keys(download)).not.toContain('application/octet-stream');
  });

  it("real answers match their routes' documented schemas", async () => {
    // The document registered whole, so that each schema's $ref ('#/components/schemas/X') resolves inside it.
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: DOC_ID, components: doc.components });
    const check = async (route: string, path: string, token?: string) => {
      const [method] = route.split(' ');
      const call = t.http()[method.toLowerCase() as 'get'](path);
      const res = await (token ? call.set(bearer(token)) : call);
      const documented = operation(route)!.responses[String(res.status)]?.content?.['application/json']?.schema;
      expect([route, res.status, !!documented]).toEqual([route, res.status, true]);
      const validate = ajv.compile(resolveAgainst(documented!));
      expect([route, validate(res.body) ? [] : validate.errors]).toEqual([route, []]);
      return res;
    };
    const token = {
      admin: await tokenFor(t, DEMO_ACCOUNTS.admin),
      mentor: await tokenFor(t, DEMO_ACCOUNTS.mentor),
      mentee: await tokenFor(t, DEMO_ACCOUNTS.mentee),
    };
    await check('GET /api/health', '/api/health');
    await check('GET /api/auth/me', '/api/auth/me', token.mentee);
    await check('GET /api/auth/me', '/api/auth/me');
    await check('GET /api/admin/users', '/api/admin/users', token.admin);
    await check('GET /api/admin/dashboard', '/api/admin/dashboard', token.admin);
    await check('GET /api/mentors/dashboard', '/api/mentors/dashboard', token.mentor);
    await check('GET /api/mentees/dashboard', '/api/mentees/dashboard', token.mentee);
    await check('GET /api/leaves/admin', '/api/leaves/admin', token.admin);
    await check('GET /api/grievances/mentor', '/api/grievances/mentor', token.mentor);
    await check('GET /api/groups', '/api/groups', token.mentor);
    await check('GET /api/announcements', '/api/announcements', token.mentee);
    await check('GET /api/notifications', '/api/notifications', token.mentee);
    await check('GET /api/leaves/:id', '/api/leaves/6b1d2c1e-0000-4000-8000-000000000000', token.admin);
    await check('GET /api/leaves/:id', '/api/leaves/not-an-id', token.admin);
    await check('GET /api/admin/users', '/api/admin/users', token.mentor);
  });

  it('answers the browsable reference at /api/docs without a token', async () => {
    const page = await t.http().get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui');
    const init = await t.http().get('/api/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toMatch(/"openapi":\s*"3\.1\.0"/);
    await t.http().get('/api/docs/swagger-ui-bundle.js').expect(200);
  });
});

/** A response schema whose references point into the registered document. */
function resolveAgainst(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`)) as Json;
}

function codesOf409(op: Operation): string[] {
  const schema = op.responses['409']?.content?.['application/json']?.schema as { allOf?: Json[] } | undefined;
  return ((schema?.allOf?.[1]?.properties as Json)?.code as { enum?: string[] })?.enum ?? [];
}
