/** A record id: a v4 UUID, as every primary key is (columns.ts). */
export const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const isRecordId = (value: unknown): value is string => typeof value === 'string' && RECORD_ID.test(value);
