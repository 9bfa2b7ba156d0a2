import type { ChangedRecordType } from '@portal/contracts';

// Cache tags per record, as the server's read scopes are: a list provides a tag for each of its rows and one for itself
// (LIST), a detail its record's; a change to one record invalidates that record's tag, and its type's lists when it may
// enter, leave or move in one. Never a whole type for one record's change.

/** The cache tag type of each kind of record the server announces (recordChanged). */
export const RECORD_TAG = {
  leave: 'Leave',
  grievance: 'Grievance',
  followup: 'FollowUp',
  user: 'User',
} as const satisfies Record<ChangedRecordType, string>;
export type RecordTag = (typeof RECORD_TAG)[ChangedRecordType];

/** Tag types kept per record: the announced ones and those only this page changes. */
export type RecordTagType = RecordTag | 'Group' | 'Announcement' | 'Message';

/** The id of the tag every list of a record type provides (lists, queues, aggregated figures). */
export const LIST_ID = 'LIST';

/** What an endpoint that lists records provides: a tag per row (by its _id, or `idOf`) and the list's own. */
export function listTags<T extends RecordTagType>(
  type: T,
  rows?: readonly { _id: string }[],
): { type: T; id: string }[];
export function listTags<T extends RecordTagType, R>(
  type: T,
  rows: readonly R[] | undefined,
  idOf: (row: R) => string,
): { type: T; id: string }[];
export function listTags<T extends RecordTagType, R>(
  type: T,
  rows: readonly R[] = [],
  idOf = (row: R) => (row as { _id: string })._id,
): { type: T; id: string }[] {
  return [...rows.map((r) => ({ type, id: idOf(r) })), { type, id: LIST_ID }];
}

/** What a change to these records invalidates: each one's tag and its type's lists (not another record's detail). */
export const recordTags = <T extends RecordTagType>(type: T, ...ids: string[]): { type: T; id: string }[] => [
  ...ids.map((id) => ({ type, id })),
  { type, id: LIST_ID },
];

/** What a dashboard counts: the announced record types, and groups (changed only by their mentor or an admin). */
export type DashboardTopic = ChangedRecordType | 'group';

/** What a dashboard (or any figure) provides: one tag per record type whose counts or rows it shows. */
export const dashboardTags = (...types: DashboardTopic[]) => types.map((id) => ({ type: 'Dashboard' as const, id }));
