import { SetMetadata } from '@nestjs/common';
import type { ErrorCode } from '@portal/contracts';

export const API_ANSWER = 'openapi:answer';
export const API_ERRORS = 'openapi:errors';

/**
 * What a route answers on success, for the OpenAPI document (openapi.ts):
 * - a contract type's name ('LeaveResponse'), or one in brackets for a list (['LeaveResponse']);
 * - { file: 'text/csv' } for a download (a CSV export, an attachment);
 * - { schema } for the few answers that have no contract type;
 * - null for no body (204).
 * The name is a type exported by @portal/contracts: the document's test fails when it names none.
 */
export type ApiAnswerSpec = string | [string] | { file: string } | { schema: Record<string, unknown> } | null;

export const ApiAnswer = (answer: ApiAnswerSpec) => SetMetadata(API_ANSWER, answer);

/**
 * The refusals particular to this route (not found, not its owner, a state that forbids the change...). The common ones
 * (invalid input, not signed in, role refused) are added from the route's own metadata.
 */
export const ApiErrors = (...codes: ErrorCode[]) => SetMetadata(API_ERRORS, codes);

/** A reference to a contract type's schema, for the rare answer given as { schema }. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
