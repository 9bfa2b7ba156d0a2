/**
 * Notifications: an in-app inbox for every user (always on) and e-mail per kind by the user's preferences; e-mails to
 * guardians and reset links are mail only. Every one is written in the transaction of the change that causes it (the
 * outbox) and delivered by a worker, so nothing is lost and nothing is sent twice.
 */

import type { Role } from './common';
import type { CursorPage, CursorQuery, Page, PageQuery, PageSize } from './paging';

/** What a user can be notified of; each kind has an e-mail preference. */
export const NOTIFICATION_KINDS = [
  'leave.filed',
  'leave.cancelled',
  'leave.decided',
  'grievance.filed',
  'grievance.received',
  'grievance.status',
  'grievance.comment',
  'grievance.escalated',
  'mentor.assigned',
  'announcement.new',
  'group.added',
  'account.pending',
  'risk.signal',
  'absence.answered',
  'message.reported',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** E-mail on by default for decisions about one's own records; off for the rest (they are in the inbox). */
export const EMAIL_DEFAULTS: Record<NotificationKind, boolean> = {
  'leave.filed': false,
  'leave.cancelled': false,
  'leave.decided': true,
  'grievance.filed': true,
  'grievance.received': true,
  'grievance.status': true,
  'grievance.comment': true,
  'grievance.escalated': true,
  'mentor.assigned': true,
  'announcement.new': false,
  'group.added': false,
  'account.pending': true,
  'risk.signal': false,
  'absence.answered': false,
  // A safety notice: e-mailed at once whatever the preference says (notification-map.ts).
  'message.reported': true,
};

/** Who can receive each kind (the notification map: api/src/notifications/notification-map.ts): the choices shown. */
export const NOTIFICATION_KIND_ROLES: Record<NotificationKind, readonly Role[]> = {
  'leave.filed': ['mentor'],
  'leave.cancelled': ['mentor'],
  'leave.decided': ['mentee', 'guardian'],
  'grievance.filed': ['mentor', 'admin'],
  'grievance.received': ['mentee'],
  'grievance.status': ['mentee'],
  'grievance.comment': ['admin', 'mentor', 'mentee'],
  'grievance.escalated': ['admin'],
  'mentor.assigned': ['mentor', 'mentee'],
  'announcement.new': ['admin', 'mentor', 'mentee', 'guardian'],
  'group.added': ['mentee'],
  'account.pending': ['admin'],
  'risk.signal': ['admin', 'mentor'],
  'absence.answered': ['admin', 'mentor'],
  'message.reported': ['admin'],
};

/** What each kind is called on the preferences screen. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'leave.filed': 'A mentee files a leave request (mentors)',
  'leave.cancelled': 'A mentee cancels a leave request (mentors)',
  'leave.decided': 'A leave request is approved or rejected',
  'grievance.filed': 'A grievance is filed that you handle (mentors, admins)',
  'grievance.received': 'Your grievance is received',
  'grievance.status': "A grievance's status changes",
  'grievance.comment': 'A comment on a grievance',
  'grievance.escalated': 'A grievance passes its deadline (admins)',
  'mentor.assigned': 'A mentor is assigned or changed',
  'announcement.new': 'A new announcement for you',
  'group.added': 'You are added to a group',
  'account.pending': 'An account awaits approval (admins)',
  'risk.signal': 'A mentee shows a new risk signal (mentors)',
  'absence.answered': "A family answers a student's absence (mentors; admins when the mark is disputed)",
  'message.reported': 'A chat message is reported (safeguarding leads; every admin while none is designated)',
};

export interface NotificationResponse {
  _id: string;
  kind: NotificationKind;
  /** One line, e.g. "Your leave request was approved". */
  title: string;
  /** Detail, e.g. "Sick leave, 3–5 Mar 2026. Comment: get well soon". May be empty. */
  body: string;
  /** The portal path of the record (e.g. "/mentee/leaves"), or null. */
  link: string | null;
  read: boolean;
  createdAt: string;
}

/** GET /notifications: rows per page when `limit` is not sent (at most MAX_PAGE_SIZE). */
export const NOTIFICATION_PAGE_SIZE = 20;

/** GET /notifications?before=<id>&limit=N: newest first. */
export type NotificationPage = CursorPage<NotificationResponse, 'notifications'> & {
  unreadCount: number;
};

/** `before`: a notification id; the page ends just before (older than) it. */
export type NotificationPageQuery = CursorQuery;

/** GET /notifications/unread-count; PUT /notifications/read-all answers it too. PUT /notifications/{id}/read answers the notification. */
export interface UnreadCountResponse {
  unreadCount: number;
}

/** GET/PUT /notifications/preferences: e-mail per kind (in-app is always on). PUT may send some kinds only. */
/**
 * How a guardian's e-mails come: each at once (outside the school's quiet hours), together in one daily digest at the
 * hour the school sets, or not at all. Safety notices (absence notices, urgent announcements) come at once whatever
 * this says, quiet hours included.
 */
export const GUARDIAN_DELIVERIES = ['now', 'digest', 'off'] as const;
export type GuardianDelivery = (typeof GUARDIAN_DELIVERIES)[number];

/** `GET/PUT /api/notifications/delivery` (guardians): how their e-mails come, and when the school sends digests. */
export interface GuardianDeliveryResponse {
  delivery: GuardianDelivery;
  /** The school's digest time, "HH:mm" in its time zone. */
  digestAt: string;
}
export interface GuardianDeliveryRequest {
  delivery: GuardianDelivery;
}

export interface NotificationPreferences {
  email: Record<NotificationKind, boolean>;
}
export interface UpdateNotificationPreferencesRequest {
  email: Partial<Record<NotificationKind, boolean>>;
}

/** Every e-mail the portal sends, including those to guardians and reset links. */
export const MAIL_KINDS = [...NOTIFICATION_KINDS, 'guardian.absence', 'password.reset', 'guardian.digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * pending: waiting (for its time, or a retry after a failure); sent: accepted by the SMTP server; kept: no SMTP_URL is
 * set, so it is kept here instead; cancelled: no longer true (an absence corrected within the delay); failed: gave up
 * after every retry.
 */
export const MAIL_STATUSES = ['pending', 'sent', 'kept', 'cancelled', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailDeliveryResponse {
  _id: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** When it is (or was) due: creation, or later for a guardian notice's delay or a retry's backoff. */
  sendAfter: string;
  sentAt: string | null;
  createdAt: string;
  /**
   * The e-mail is about a grievance whose student withheld their name: recipient, subject and text are blanked until
   * an admin reveals the identity (audited).
   */
  withheld: boolean;
}

/**
 * GET /admin/mail-log?status=&kind=&page=&limit= (admins): newest first; PAGE_SIZE a page by default, at most
 * MAX_PAGE_SIZE.
 */
export interface MailLogQuery extends PageQuery {
  status?: MailStatus;
  kind?: MailKind;
}
export type MailLogResponse = Page<MailDeliveryResponse, 'deliveries'> &
  PageSize & {
    /** Whether an SMTP server is configured (SMTP_URL); without one e-mails are kept here. */
    smtpConfigured: boolean;
  };

/** GET and PUT /admin/users/{menteeId}/guardian-notifications (admins): a student's guardian absence notices on or off (on by default). */
export interface GuardianNotificationsRequest {
  enabled: boolean;
}
export interface GuardianNotificationsResponse {
  enabled: boolean;
}
