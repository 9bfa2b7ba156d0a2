import type { Role } from './common';
import type { CursorQuery } from './paging';

export const ANNOUNCEMENT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
/**
 * Who an announcement is for: everyone of some roles (all, mentees, mentors), or the students the author addresses
 * (`group`: the members of one of their active groups; `class`: their own mentees in one class and section).
 */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'mentees', 'mentors', 'group', 'class'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
/** The audiences named by role: everyone of those roles reads them. */
export const ROLE_AUDIENCES = ['all', 'mentees', 'mentors'] as const;
export type RoleAudience = (typeof ROLE_AUDIENCES)[number];
/** The audiences of chosen students, resolved when posted: only they (with the author and admins) read them. */
export const TARGETED_AUDIENCES = ['group', 'class'] as const;
export type TargetedAudience = (typeof TARGETED_AUDIENCES)[number];
export const isTargetedAudience = (audience: AnnouncementAudience): audience is TargetedAudience =>
  (TARGETED_AUDIENCES as readonly string[]).includes(audience);
/**
 * Who of the audience's families reads it: its students (as before guardians were users), their guardians, or both.
 * An audience of mentors has no students: 'students' only. Staff (admins, mentors of an "all" audience, its author)
 * read it whatever this says.
 */
export const ANNOUNCEMENT_READERS = ['students', 'guardians', 'both'] as const;
export type AnnouncementReaders = (typeof ANNOUNCEMENT_READERS)[number];
export const studentsRead = (readers: AnnouncementReaders): boolean => readers !== 'guardians';
export const guardiansRead = (readers: AnnouncementReaders): boolean => readers !== 'students';

/** Priority sort order of SPEC.md section 4: urgent first, unknown last. */
export const PRIORITY_RANK: Record<string, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

/**
 * Who is in an audience by role alone: admins see every announcement. A targeted audience (group, class) holds no
 * role but admins: its students are the ones the server resolved when it was posted.
 */
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
  readers: AnnouncementReaders;
  /** With targetAudience 'group': the group it went to, named as it was when posted ("Group: Science Club"). */
  targetGroup: { _id: string; name: string } | null;
  /** With targetAudience 'class': the class and section it went to ("Class 9-A"). */
  targetClass: { class: string; section: string } | null;
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
  /** 'all' when omitted. 'group' needs groupId; 'class' needs class and section (and those fields nothing else). */
  targetAudience?: AnnouncementAudience;
  /** 'students' when omitted; with targetAudience 'mentors', only 'students'. */
  readers?: AnnouncementReaders;
  /** One of the author's active groups: its members are the audience. */
  groupId?: string;
  /** A class and section in which the author has at least one mentee: those mentees are the audience. */
  class?: string;
  section?: string;
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
