import { SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SENSITIVE_PROFILE_FIELDS, type DisclosedRecord } from '@portal/contracts';

/** What one answer showed: one row per student named, or one row for a list (menteeId null, `students` counted). */
export interface Disclosed {
  menteeId: string | null;
  record: DisclosedRecord;
  recordId?: string | null;
  fields: string[];
  students?: number;
  safeguarding?: boolean;
}

export type Describe = (body: unknown, req: FastifyRequest) => Disclosed[];
export const DISCLOSES = 'discloses';

/**
 * This route's answer shows a student's sensitive record to staff: DisclosureInterceptor records what `describe` says
 * it showed, before the answer leaves (a failed record fails the read). The owning module says what its answer shows.
 */
export const Discloses = (describe: Describe) => SetMetadata(DISCLOSES, describe);

type Loose = Record<string, unknown> | null | undefined;

/** The sensitive profile fields this record carries a value in. */
export function sensitiveFieldsOf(record: Loose): string[] {
  if (!record) return [];
  return SENSITIVE_PROFILE_FIELDS.filter((f) => {
    const v = record[f];
    if (v && typeof v === 'object') return Object.values(v).some((x) => x !== '' && x != null);
    return v !== '' && v != null;
  });
}

/** The rows of a list answer (a bare array, or an ArrayPage before it became one). */
export function rowsOf(body: unknown): Loose[] {
  if (Array.isArray(body)) return body as Loose[];
  const rows = (body as { rows?: unknown })?.rows;
  return Array.isArray(rows) ? (rows as Loose[]) : [];
}

/** A list of student records: one row naming how many showed sensitive fields, and which (none if none did). */
export function profileList(body: unknown): Disclosed[] {
  const shown = rowsOf(body)
    .map(sensitiveFieldsOf)
    .filter((f) => f.length);
  if (!shown.length) return [];
  return [{ menteeId: null, record: 'profile', fields: [...new Set(shown.flat())], students: shown.length }];
}

/** One student's record, when it shows a sensitive field. */
export function profileOf(menteeId: string | undefined, record: Loose): Disclosed[] {
  const fields = sensitiveFieldsOf(record);
  return menteeId && fields.length ? [{ menteeId, record: 'profile', fields }] : [];
}
