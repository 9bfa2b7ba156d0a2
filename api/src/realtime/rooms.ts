import type { Role } from '@portal/contracts';

/**
 * The rooms sockets join (the gateway) and events are addressed to (Realtime.emit). A room per user and per role at
 * the handshake, so that events go to people rather than sockets.
 */
export const userRoom = (userId: string) => `user:${userId}`;
/** The sockets of one session (one sign-in on one device): ended together when it ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const roleRoom = (role: Role) => `role:${role}`;
export const groupRoom = (groupId: string) => `group:${groupId}`;
/**
 * Sockets showing an announcements feed: of a role's audience, and of one user (an author, who sees their own to any
 * audience; a student a group or class announcement was addressed to).
 */
export const feedRoom = (role: Role) => `feed:${role}`;
export const userFeedRoom = (userId: string) => `feed-of:${userId}`;
