import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A JSON Schema as ts-json-schema-generator writes it (draft-07, which OpenAPI 3.1 accepts as it is). */
export type JsonSchema = Record<string, unknown>;

/** Written by the API's build beside the compiled module (dist/openapi/), so the built API needs no TypeScript. */
const GENERATED = join(__dirname, 'contract-schemas.json');
// The same depth from src/openapi and dist/openapi.
const CONTRACTS = join(__dirname, '..', '..', '..', 'libs', 'contracts');

/**
 * JSON Schemas of every type the contracts library exports (the API's answers and requests, shared with the UI),
 * keyed by type name, their references pointing into the OpenAPI document's components.
 */
export function generateContractSchemas(): Record<string, JsonSchema> {
  // Required here only: the generator and TypeScript are build tools, not loaded by the built API.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createGenerator } = require('ts-json-schema-generator') as typeof import('ts-json-schema-generator');
  const schema = createGenerator({
    path: join(CONTRACTS, 'src', 'index.ts'),
    tsconfig: join(CONTRACTS, 'tsconfig.json'),
    type: '*',
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    // The contracts are type-checked by their own build; checking them again here only costs time.
    skipTypeCheck: true,
  }).createSchema('*');
  const text = JSON.stringify(schema.definitions ?? {}).replaceAll('"#/definitions/', '"#/components/schemas/');
  return JSON.parse(text) as Record<string, JsonSchema>;
}

/** The schemas the build wrote, or (running from the sources, as the tests do) generated now from the contracts. */
export function loadContractSchemas(): Record<string, JsonSchema> {
  if (existsSync(GENERATED)) return JSON.parse(readFileSync(GENERATED, 'utf8')) as Record<string, JsonSchema>;
  return generateContractSchemas();
}

/** Run by the API's build (npm run build): writes dist/openapi/contract-schemas.json. */
export function writeContractSchemas(): void {
  writeFileSync(GENERATED, JSON.stringify(generateContractSchemas()));
}
