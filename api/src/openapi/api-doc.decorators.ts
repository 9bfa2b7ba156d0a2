import { SetMetadata } from '@nestjs/common';
import type { ErrorCode } from '@portal/contracts';

export const API_ANSWER = 'openapi:answer';
export const API_ERRORS = 'openapi:errors';
export const API_NOTE = 'openapi:note';

/**
 * What a route answers on success, for the OpenAPI document (openapi.ts):
 * - a contract type's name ('LeaveResponse'), or one in brackets for a list (['LeaveResponse']);
 * - { file: 'text/csv' } for a download (a CSV export), { file: [...] } for one served in one of several types (an
 *   attachment, in its own type);
 * - { schema } for the few answers that have no contract type;
 * - { redirect } for a route that sends the browser on (302, a Location header; the text says where);
 * - null for no body (204).
 * The name is a type exported by @portal/contracts: the document's test fails when it names none.
 */
export type ApiAnswerSpec =
  | string
  | [string]
  | { file: string | readonly string[] }
  | { schema: Record<string, unknown> }
  | { redirect: string }
  | null;

export const ApiAnswer = (answer: ApiAnswerSpec) => SetMetadata(API_ANSWER, answer);

/**
 * The refusals particular to this route (not found, not its owner, a state that forbids the change...). The common ones
 * (invalid input, not signed in, role refused) are added from the route's own metadata.
 */
export const ApiErrors = (...codes: ErrorCode[]) => SetMetadata(API_ERRORS, codes);

/** A reference to a contract type's schema, for the rare answer given as { schema }. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A DTO property's description in the reference, for what its validation rules cannot say (which fields go together).
 * Its schema still comes from those rules (dto-properties.ts), unlike an @ApiProperty's.
 */
export const ApiNote =
  (note: string): PropertyDecorator =>
  (target, property) =>
    Reflect.defineMetadata(API_NOTE, note, target, property);
