import type { Role } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import type { GrievanceFacts as GrievanceEventFacts } from '../events/domain-events';

/**
 * Who may know about a grievance: the one rule, used by every reader (lists, counts, dashboards, early warning,
 * notifications, e-mails, the delivery log, exports, socket events). README "Where each rule lives".
 *
 * - The student who filed it always.
 * - Admins always, but a withheld name stays hidden from them until an audited reveal.
 * - The student's mentor only for an ordinary grievance: a confidential one (about the mentor, misconduct,
 *   harassment) does not exist for any mentor, not even as a count or a signal.
 */
export interface GrievanceFacts {
  /** Null once the student is erased (an open grievance kept under a legal hold). */
  menteeId: string | null;
  /** The student's current mentor. */
  mentorId: string | null;
  confidential: boolean | number;
  nameWithheld: boolean | number;
  identityRevealedAt: unknown;
}

/** Raw rows carry booleans as 0/1 on both drivers: the facts may come straight from one. */
export const flag = (v: boolean | number | string | null | undefined) => v === true || Number(v) === 1;

/** The student's identity is hidden from staff: withheld and not revealed. */
export const identityWithheld = (g: Pick<GrievanceFacts, 'nameWithheld' | 'identityRevealedAt'>): boolean =>
  flag(g.nameWithheld) && !g.identityRevealedAt;

/** Staff see the student's identity only when the student did not withhold it, or an admin has revealed it. */
export const identityHiddenFrom = (g: Pick<GrievanceFacts, 'nameWithheld' | 'identityRevealedAt'>, viewer: Role) =>
  viewer !== 'mentee' && identityWithheld(g);

/** With the name withheld, every timeline line names a role only, never a person (for every reader, even revealed). */
export const timelineByRoleOnly = (g: Pick<GrievanceFacts, 'nameWithheld'>): boolean => flag(g.nameWithheld);

/** A confidential grievance does not exist for a mentor: 404, not 403 (not even its existence shows). */
export const existsFor = (viewer: Pick<AuthUser, 'role'>, g: Pick<GrievanceFacts, 'confidential'>): boolean =>
  !(viewer.role === 'mentor' && flag(g.confidential));

/** Whether this person may see the grievance at all. */
export function maySee(viewer: Pick<AuthUser, 'id' | 'role'>, g: GrievanceFacts): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.role === 'mentee') return g.menteeId === viewer.id;
  if (viewer.role === 'mentor') return !flag(g.confidential) && !!g.mentorId && g.mentorId === viewer.id;
  return false;
}

/** Who handles it, and so is told of its filing and the student's comments: its mentor, or every admin. */
export function handlersOf(g: GrievanceFacts): { users: string[]; roles: Role[] } {
  return !flag(g.confidential) && g.mentorId ? { users: [g.mentorId], roles: [] } : { users: [], roles: ['admin'] };
}

/**
 * Who may be told that the student behind it needs a follow-up: the mentor for an ordinary grievance, the admins for a
 * confidential one, nobody while the name is withheld (the signal would name the student; the handler sees the
 * overdue ticket in their grievance list instead).
 */
export function signalAudience(g: GrievanceFacts): 'mentor' | 'admins' | 'none' {
  if (identityWithheld(g)) return 'none';
  return flag(g.confidential) || !g.mentorId ? 'admins' : 'mentor';
}

/**
 * E-mails say only the ticket number when the grievance is confidential or the name withheld: a family device is
 * shared, and the subject or a comment would tell what was filed.
 */
export const mailsTicketOnly = (g: Pick<GrievanceFacts, 'confidential' | 'nameWithheld'>): boolean =>
  flag(g.confidential) || flag(g.nameWithheld);

/** What the notices of a grievance may say, and to whom: the domain events carry this, not the row. */
export function grievanceFacts(
  g: GrievanceFacts & { id: string; ticketNumber: string | null; subject: string },
): GrievanceEventFacts {
  return {
    id: g.id,
    ticketNumber: g.ticketNumber ?? '',
    subject: g.subject,
    menteeId: g.menteeId,
    handlers: handlersOf(g),
    ticketOnly: mailsTicketOnly(g),
    withheld: identityWithheld(g),
  };
}

/** The SQL condition of a mentor's view (alias g: the grievance; m: the student's profile). */
export const MENTOR_SEES_SQL = (g: string, m: string) => `${m}.mentorId = :mentorId AND ${g}.confidential = 0`;

/** The SQL condition of the student's name showing to staff (alias g): a withheld name is not searchable either. */
export const NAME_SHOWN_SQL = (g: string) => `(${g}.nameWithheld = 0 OR ${g}.identityRevealedAt IS NOT NULL)`;
