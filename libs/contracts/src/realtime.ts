import type { Role } from './common';
import type { AnnouncementCommentResponse, AnnouncementLikeRef, AnnouncementResponse } from './announcements';
import type { NotificationResponse } from './notifications';
import type { CursorPage, CursorQuery } from './paging';

/** Socket events, declared once and typed on server and client. */
export const CONVERSATION_TYPES = ['group', 'individual'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

/**
 * A chat message. conversationId is the group id for group chats; for individual chats it is "individual_<otherId>"
 * as each participant sees it (the other person's id), so the client can match it with the open conversation.
 */
export interface ChatMessage {
  _id: string;
  conversationType: ConversationType;
  conversationId: string;
  senderId: string;
  sender: { _id: string; fullName: string; role: Role };
  content: string;
  attachment: ChatAttachment | null;
  /** When it reached the conversation (for a message held over quiet hours, when they ended). */
  createdAt: string;
  /**
   * Written by staff to students during the school's quiet hours: held until this time, seen only by its sender until
   * then (ChatQuietHoursResponse).
   */
  heldUntil?: string;
  /** A message that was held over quiet hours: when its sender wrote it. */
  sentAt?: string;
}

/**
 * GET /messages/quiet-hours: while the school's quiet hours last, what staff write to students is held until they end
 * (students can always write to staff). null outside quiet hours, or when the school has none. With it, how long the
 * safeguarding leads keep what is deleted (what the delete confirmations say).
 */
export interface ChatQuietHoursResponse {
  quietUntil: string | null;
  /** Days the leads keep a deleted chat or message (the school's retention period); null: kept until one is set. */
  deletedKeptDays: number | null;
}

export interface ChatAttachment {
  _id: string;
  kind: 'image' | 'document';
  fileName: string;
  mimeType: string;
  size: number;
}

/** A conversation in the sidebar. */
export interface Conversation {
  _id: string;
  type: ConversationType;
  displayName: string;
  subtitle: string;
  color: string;
  /** For individual chats: the other person's id (a mentee id for mentors, the mentor id for mentees). */
  otherUserId?: string;
  groupId?: string;
  lastMessage: { content: string; senderId: string; createdAt: string } | null;
  unreadCount: number;
}

export interface SendMessageRequest {
  conversationType: ConversationType;
  /** group id, or the other participant's user id (with or without the individual_ prefix) */
  conversationId: string;
  content: string;
  attachmentId?: string;
}

export const MAX_MESSAGE_LENGTH = 4000;
/** GET /messages/{group|individual}/{id}: messages per page when `limit` is not sent, and the most one page holds. */
export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_MAX_PAGE_SIZE = 200;

/**
 * GET /messages/{group|individual}/{id}: one page of a conversation, oldest first. `before` (a message id) asks for the
 * page older than that message; `after` (a time) for what came since, on a reconnect. hasMore: older messages exist
 * beyond this page (or, with `after`, newer ones beyond `limit`).
 */
// An interface (not a bare alias): the API reference names the schema MessagePage, not the generic's instance.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MessagePage extends CursorPage<ChatMessage, 'messages'> {}

/** `before`: a message id of this conversation; the page ends just before it. */
export interface MessagePageQuery extends CursorQuery {
  /** An ISO date-time: messages created at or after it. */
  after?: string;
}

export interface ServerToClientEvents {
  newMessage: (message: ChatMessage) => void;
  newAnnouncement: (announcement: AnnouncementResponse) => void;
  announcementUpdated: (announcement: AnnouncementResponse) => void;
  announcementDeleted: (payload: { announcementId: string }) => void;
  newAnnouncementComment: (payload: { announcementId: string; comment: AnnouncementCommentResponse }) => void;
  announcementLikeUpdated: (payload: { announcementId: string; likes: AnnouncementLikeRef[] }) => void;
  typing: (payload: { conversationId: string; userId: string; fullName: string; isTyping: boolean }) => void;
  conversationDeleted: (payload: { conversationId: string }) => void;
  /** Its sender deleted one message: gone from the conversation for everyone in it. */
  messageDeleted: (payload: { conversationId: string; messageId: string }) => void;
  /** A new in-app notification for this user, with their unread count after it. */
  notification: (payload: { notification: NotificationResponse; unreadCount: number }) => void;
  /** The user's unread count changed elsewhere (read in another tab, "mark all read"). */
  notificationsRead: (payload: { unreadCount: number }) => void;
  /**
   * A record this user may see changed (sent only to those its owning module's visibility rule lets see it): the
   * screens that show it refetch it.
   */
  recordChanged: (payload: RecordChangedEvent) => void;
  /**
   * This instance lost Redis at `since` and has it back: events from other instances may have been missed meanwhile,
   * so the page refetches what it shows.
   */
  resync: (payload: ResyncEvent) => void;
}

export interface ResyncEvent {
  /** When the instance lost Redis (ISO). */
  since: string;
}

/** What changed: a leave, a grievance, a student's follow-up (signals, log), or an account. */
export type ChangedRecordType = 'leave' | 'grievance' | 'followup' | 'user';
export interface RecordChangedEvent {
  type: ChangedRecordType;
  /** The record's id (for a follow-up, the student's id). */
  id: string;
}

export interface ClientToServerEvents {
  joinGroup: (groupId: string, ack?: (res: { ok: boolean; error?: string }) => void) => void;
  leaveGroup: (groupId: string) => void;
  /** conversationId: a group id, or "individual_<otherUserId>" */
  typing: (payload: { conversationId: string; isTyping: boolean }) => void;
  /**
   * The page shows an announcements feed (sent again after a reconnect): its likes and comments reach this socket
   * until the matching unwatchAnnouncements. Counted: one per feed shown.
   */
  watchAnnouncements: () => void;
  unwatchAnnouncements: () => void;
}
