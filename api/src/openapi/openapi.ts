import { HttpStatus, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer, Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorCode, ROLES, TOTAL_COUNT_HEADER, type Role } from '@portal/contracts';
import { ANSWERS_ARRAY_PAGE } from '../common/array-page';
import { DEFAULT_ROLES, IS_PUBLIC, ROLES_KEY } from '../common/decorators';
import { ERROR_STATUS } from '../common/error-status';
import { API_ANSWER, API_ERRORS, type ApiAnswerSpec } from './api-doc.decorators';
import { loadContractSchemas } from './contract-schemas';
import { describeDtos } from './dto-properties';

/** Where the reference is served (public, read-only; outside the Nest controllers, so no guard applies). */
export const DOCS_PATH = '/api/docs';
export const DOCS_JSON_PATH = '/api/docs-json';

type Handler = (...args: unknown[]) => unknown;
type Schemas = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;
type Operation = Record<string, unknown> & {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: unknown;
  responses: Record<string, Record<string, unknown>>;
};

/**
 * Serves the document at /api/docs-json and Swagger UI at /api/docs; the document is built on first request. Swagger
 * UI's page loads its scripts and styles from this origin (no inline script), so the portal's CSP applies unchanged.
 */
export function setupApiDocs(app: NestFastifyApplication): void {
  SwaggerModule.setup(DOCS_PATH.slice(1), app, () => buildApiDocument(app), {
    jsonDocumentUrl: DOCS_JSON_PATH.slice(1),
    raw: ['json'],
    customSiteTitle: 'Mentor portal API',
  });
}

/**
 * The OpenAPI 3.1 document: @nestjs/swagger scans the controllers (paths, parameters, request DTOs); the contract
 * types' JSON Schemas answer for the responses; roles, public routes and error codes come from each route's metadata.
 */
export function buildApiDocument(app: NestFastifyApplication): OpenAPIObject {
  describeDtos();
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Mentor portal API')
    .setDescription(
      'Every call answers JSON unless it says otherwise. Sign in with POST /api/auth/login and send the token as ' +
        '`Authorization: Bearer <token>`. A refused call answers the ApiError shape; its `code` is one of ErrorCode. ' +
        'Each operation lists the codes it can answer; any call may also answer 503 DATABASE_UNAVAILABLE or 500 INTERNAL.',
    )
    .setVersion('1')
    // Paths are absolute (/api/...): the server is the portal's own origin, wherever it is deployed.
    .addServer('/', "The portal's own origin")
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const contracts = loadContractSchemas();
  // A DTO named like a contract type would silently replace the answer's schema.
  const clash = Object.keys(document.components?.schemas ?? {}).filter((name) => name in contracts);
  if (clash.length) throw new Error(`OpenAPI: DTOs named like contract types: ${clash.join(', ')}`);
  document.components = {
    ...document.components,
    schemas: { ...contracts, ...document.components?.schemas },
  };
  const operations = new Map<string, { op: Operation; path: string }>();
  for (const [path, item] of Object.entries(document.paths))
    for (const op of Object.values(item) as Operation[])
      if (op?.operationId) operations.set(op.operationId, { op, path });
  const reflector = app.get(Reflector);
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const found = operations.get(`${controller.name}_${name}`);
        if (found) describeRoute(found.op, found.path, reflector, controller, handler as Handler);
      }
    }
  }
  document.components.schemas = usedSchemas(document);
  return document;
}

/**
 * Only the schemas some operation reaches, through any number of references. The contracts also export request types
 * (each described by its DTO instead), socket events and helper functions: none is an answer of this API.
 */
function usedSchemas(document: OpenAPIObject): Schemas {
  const all: Schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        const name = key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', '') : '';
        if (name && name in all && !used.has(name)) {
          used.add(name);
          visit(all[name]);
        } else visit(value);
      }
  };
  visit(document.paths);
  return Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
}

function describeRoute(
  op: Operation,
  path: string,
  reflector: Reflector,
  controller: Type<unknown>,
  handler: Handler,
): void {
  const targets = [handler, controller];
  const isPublic = !!reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
  const roles: readonly Role[] = reflector.getAllAndOverride<Role[]>(ROLES_KEY, targets) ?? DEFAULT_ROLES;
  op.tags = [controller.name.replace(/Controller$/, '')];
  op.security = isPublic ? [] : [{ bearer: [] }];
  op['x-roles'] = isPublic ? ['public'] : [...roles];
  const who = isPublic ? 'Public: no sign-in needed.' : `Roles: ${roles.join(', ')}.`;
  op.description = [op.description, who].filter(Boolean).join('\n\n');
  describePathParameters(op, path);

  const answer = Reflect.getMetadata(API_ANSWER, handler) as ApiAnswerSpec | undefined;
  const success = Object.keys(op.responses).find((s) => s.startsWith('2')) ?? '200';
  if (answer && typeof answer === 'object' && 'redirect' in answer) {
    delete op.responses[success];
    op.responses['302'] = {
      description: answer.redirect,
      headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
    };
  } else if (answer !== undefined) op.responses[success] = answerResponse(answer, op.responses[success]);
  if (Reflect.getMetadata(ANSWERS_ARRAY_PAGE, handler))
    op.responses[success] = {
      ...op.responses[success],
      headers: {
        [TOTAL_COUNT_HEADER]: {
          description:
            'How many rows match the query over every page (the body is the page `page` and `limit` ask for).',
          schema: { type: 'integer', minimum: 0 },
        },
      },
    };

  const codes = new Set<ErrorCode>(Reflect.getMetadata(API_ERRORS, handler) ?? []);
  if (op.parameters?.length || op.requestBody) codes.add(ErrorCode.ValidationFailed);
  if (!isPublic) codes.add(ErrorCode.Unauthenticated);
  if (!isPublic && roles.length < ROLES.length) codes.add(ErrorCode.Forbidden);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    op.responses[String(status)] = {
      description: `${HttpStatus[status]}: ${list.join(', ')}`,
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ApiError' },
              { type: 'object', properties: { code: { type: 'string', enum: list } } },
            ],
          },
        },
      },
    };
  }
}

/**
 * Path parameters read through a pipe into a non-class value (a conversation reference) are invisible to the scanner:
 * every `{name}` of the path is declared. `:id` is a record id (IdParam) everywhere but in conversations.
 */
function describePathParameters(op: Operation, path: string): void {
  op.parameters ??= [];
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    let p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    if (!p) op.parameters.push((p = { in: 'path', name, required: true, schema: { type: 'string' } }));
    if (name === 'id' && !path.startsWith('/api/messages/')) p.schema = { ...p.schema, format: 'uuid' };
  }
}

function answerResponse(answer: ApiAnswerSpec, current: Record<string, unknown> | undefined) {
  const description = (current?.description as string | undefined) || 'Done';
  if (answer === null) return { description };
  if (typeof answer === 'string' || Array.isArray(answer)) {
    const ref = { $ref: `#/components/schemas/${[answer].flat()[0]}` };
    const schema = Array.isArray(answer) ? { type: 'array', items: ref } : ref;
    return { description, content: { 'application/json': { schema } } };
  }
  if ('file' in answer) {
    const types = [answer.file].flat();
    const content = Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
    return { description, content };
  }
  if ('redirect' in answer) return { description: answer.redirect };
  return { description, content: { 'application/json': { schema: answer.schema } } };
}
