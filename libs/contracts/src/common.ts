import type { ErrorCode } from './errors';

/** Roles of the portal. */
export const ROLES = ['admin', 'mentor', 'mentee', 'guardian'] as const;
export type Role = (typeof ROLES)[number];

/** Error body of every failed API call. */
export interface ApiError {
  statusCode: number;
  code: ErrorCode;
  message: string | string[];
  error: string;
}

/** Reference to another record, populated with the fields a screen reads. */
export interface Ref {
  _id: string;
}
