// Compiled by scripts/openapi-check.mjs (tsc, strict) against the types openapi-typescript generates from the API
// reference: 'generated:openapi' is that file. A client generated from the document must compile and type what the
// server takes and answers; each line below fails the check when the document says otherwise.
import type { components, paths } from 'generated:openapi';

/** true only when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Schemas = components['schemas'];
type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Answer<Op, Status extends number> = Op extends { responses: { [S in Status]: { content: infer C } } } ? C : never;

// Issue 39: the mentor to assign is a uuid or null (null unassigns), not an object (Record<string, never>).
type AssignMentor = JsonBody<paths['/api/admin/assign-mentor']['put']>;
export const mentorIdIsStringOrNull: Same<AssignMentor['mentorId'], string | null> = true;
export const unassign: AssignMentor = { menteeId: '6b1d2c1e-0000-4000-8000-000000000000', mentorId: null };
// @ts-expect-error an object is no mentor id
export const objectMentorId: AssignMentor = { menteeId: '6b1d2c1e-0000-4000-8000-000000000000', mentorId: {} };

// A day's or a month's register, by what the query asks.
type Register = Answer<paths['/api/admin/attendance']['get'], 200>['application/json'];
export const registerIsDayOrMonth: Same<
  Register,
  Schemas['DailyAttendanceResponse'] | Schemas['MonthlyAttendanceResponse']
> = true;
type RegisterQuery = NonNullable<paths['/api/admin/attendance']['get']['parameters']['query']>;
export const monthQuery: RegisterQuery = { month: 11, year: 2026 };

// An attachment comes back in its own type, not as application/octet-stream.
type Download = Answer<paths['/api/messages/attachments/{id}']['get'], 200>;
export const servedAsImage: 'image/png' extends keyof Download ? true : false = true;
export const notOctetStream: 'application/octet-stream' extends keyof Download ? false : true = true;

// A refusal's code is one of the route's codes, in the one error shape.
type Refused = Answer<paths['/api/leaves/{id}']['get'], 404>['application/json'];
export const refusal: Refused = {
  statusCode: 404,
  code: 'LEAVE_NOT_FOUND',
  message: 'Leave not found',
  error: 'Not Found',
};

// Lists answer arrays; each row is the contract's type.
type Leaves = Answer<paths['/api/leaves/admin']['get'], 200>['application/json'];
export const leavesAreRows: Same<Leaves, Schemas['LeaveResponse'][]> = true;
