import type { Role } from './common';
import type { CursorQuery } from './paging';

export const ANNOUNCEMENT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const ANNOUNCEMENT_AUDIENCES = ['all', 'mentees', 'mentors'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
/** Priority sort order of SPEC.md section 4: urgent first, unknown last. */
export const PRIORITY_RANK: Record<string, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

/** Who is in an audience: admins see every announcement. */
export function inAudience(role: Role, audience: AnnouncementAudience): boolean {
  return (
    role === 'admin' ||
    audience === 'all' ||
    (audience === 'mentees' && role === 'mentee') ||
    (audience === 'mentors' && role === 'mentor')
  );
}

export interface AnnouncementLikeRef {
  userId: { _id: string };
}

export interface AnnouncementResponse {
  _id: string;
  title: string;
  content: string;
  priority: AnnouncementPriority;
  targetAudience: AnnouncementAudience;
  authorId: { _id: string; email: string; fullName: string; role: Role };
  createdAt: string;
  updatedAt: string;
  likes: AnnouncementLikeRef[];
  commentCount: number;
}

export interface AnnouncementCommentResponse {
  _id: string;
  announcementId: string;
  content: string;
  /** The commenter's name (no e-mail address: every reader of the announcement sees its comments). */
  userId: { _id: string; fullName: string };
  userRole: Role;
  createdAt: string;
}

/** GET /announcements answers one page, newest first (ties by id); a shorter page than asked for is the last. */
export const ANNOUNCEMENT_PAGE_SIZE = 50;
export const ANNOUNCEMENT_MAX_PAGE_SIZE = 100;
/**
 * An array (a cursor page without hasMore). `before`: the _id of the last announcement already shown, the page starts
 * after it; `limit`: 1 to ANNOUNCEMENT_MAX_PAGE_SIZE, ANNOUNCEMENT_PAGE_SIZE when omitted.
 */
export type ListAnnouncementsQuery = CursorQuery;

export interface CreateAnnouncementRequest {
  title: string;
  content: string;
  priority?: AnnouncementPriority;
  targetAudience?: AnnouncementAudience;
}
export interface UpdateAnnouncementRequest {
  title?: string;
  content?: string;
  priority?: AnnouncementPriority;
}
export interface LikesResponse {
  announcementId: string;
  likes: AnnouncementLikeRef[];
  liked: boolean;
}
