import type { Role } from './common';

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
