import type { Role } from './common';
import type { ConversationType } from './realtime';
import type { CursorPage, Page, PageQuery } from './paging';

/**
 * Safeguarding (README "What is kept, for how long, and who can see it"): what a conversation's participants delete is
 * gone for all of them and kept, read-only, for the school's safeguarding leads (admins an admin designated) until
 * DELETED_CHAT_RETENTION_DAYS after the deletion, then purged. Every read of a kept chat is audited with its reason.
 */
export const DELETED_CHAT_RETENTION_DAYS = 365;
/** Kept chats per page (GET /safeguarding/kept-chats), and the most one request may ask for. */
export const KEPT_CHATS_PAGE_SIZE = 20;
/** A reason for reading a kept chat: why the lead needs to see it (recorded in the audit log). */
export const KEPT_CHAT_REASON_MIN = 10;
export const KEPT_CHAT_REASON_MAX = 500;

export interface PersonRef {
  /** null once the account is gone. */
  _id: string | null;
  fullName: string;
  role: Role;
}

/** One deletion: a whole conversation, or a single message its sender deleted. */
export interface KeptChatSummary {
  _id: string;
  conversationType: ConversationType;
  scope: 'conversation' | 'message';
  /** The group's name, or the two people of a one-to-one chat, as they were when it was deleted. */
  label: string;
  participants: PersonRef[];
  messageCount: number;
  deletedBy: PersonRef;
  deletedAt: string;
  /** When it is purged (deletedAt plus the retention period). */
  /** When the purge removes it, by the school's current period for deleted chats; null while they are kept. */
  purgeAt: string | null;
}

/** GET /safeguarding/kept-chats?before=&limit=: newest deletion first. */
// An interface, so that the API reference names it.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface KeptChatPage extends CursorPage<KeptChatSummary> {}

/** POST /safeguarding/kept-chats/{id}/read: the lead says why; the reading is audited with it. */
export interface ReadKeptChatRequest {
  reason: string;
}

export interface KeptMessage {
  _id: string;
  sender: PersonRef;
  content: string;
  createdAt: string;
  /**
   * The file sent with it (its name and kind; the file itself is kept with it). In a kept chat, its id: a lead
   * downloads it at GET /safeguarding/kept-chats/{id}/attachments/{attachmentId} (audited).
   */
  attachment: { fileName: string; kind: 'image' | 'document'; _id?: string } | null;
}

export interface KeptChatDetail {
  chat: KeptChatSummary;
  /** Oldest first. */
  messages: KeptMessage[];
}

/** PUT /admin/users/{id}/safeguarding-lead: only an active admin may be designated. */
export interface SetSafeguardingLeadRequest {
  lead: boolean;
}

/** DELETE /messages/{id}: the sender's own message, gone for everyone in the conversation. */
export interface DeleteMessageResponse {
  message: string;
}

/** Why a participant reports a message. */
export const MESSAGE_REPORT_REASONS = ['bullying', 'inappropriate', 'self_harm', 'other'] as const;
export type MessageReportReason = (typeof MESSAGE_REPORT_REASONS)[number];
export const MESSAGE_REPORT_REASON_LABELS: Record<MessageReportReason, string> = {
  bullying: 'Bullying',
  inappropriate: 'Inappropriate',
  self_harm: 'Self-harm concern',
  other: 'Other',
};
export const REPORT_NOTE_MAX = 500;
export const REPORT_OUTCOME_MAX = 2000;
/** Messages kept with a report on each side of the reported one, as they were when it was reported. */
export const REPORT_CONTEXT_MESSAGES = 5;

/** A report's way through the queue: acknowledged, acted on, closed with an outcome (forward only). */
export const MESSAGE_REPORT_STATUSES = ['open', 'acknowledged', 'actioned', 'closed'] as const;
export type MessageReportStatus = (typeof MESSAGE_REPORT_STATUSES)[number];

/** POST /safeguarding/reports: a message of one's conversation, by any participant but its sender, once. */
export interface ReportMessageRequest {
  messageId: string;
  reason: MessageReportReason;
  note?: string;
}

/** What the reporter is told: that it was received; never who handles it. */
export interface MessageReportReceipt {
  _id: string;
  createdAt: string;
  message: string;
}

export interface MessageReportSummary {
  _id: string;
  reason: MessageReportReason;
  note: string;
  status: MessageReportStatus;
  reporter: PersonRef;
  conversationType: ConversationType;
  /** The conversation, as it was named when reported. */
  label: string;
  /** The reported message, as it was when reported. */
  reported: KeptMessage;
  outcome: string | null;
  /** Who last moved it on (leads see each other's work). */
  handledBy: PersonRef | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessageReportDetail extends MessageReportSummary {
  /** The reported message with up to REPORT_CONTEXT_MESSAGES on each side, oldest first. */
  context: KeptMessage[];
}

/** GET /safeguarding/reports?status=&page=&limit=: newest first. */
export interface ListMessageReportsQuery extends PageQuery {
  status?: MessageReportStatus;
}
export type MessageReportPage = Page<MessageReportSummary, 'reports'> & {
  /** No admin is designated a safeguarding lead: every admin sees the queue, and is asked to designate one. */
  noLeadDesignated: boolean;
};

/** PUT /safeguarding/reports/{id}: the next status; closing needs the outcome. */
export interface UpdateMessageReportRequest {
  status: Exclude<MessageReportStatus, 'open'>;
  outcome?: string;
}

/**
 * Who looked (the disclosure log): every staff view of a student's sensitive fields, of a grievance's details, of
 * follow-up notes, of their guardians' contacts, and every safeguarding read of a chat they were in.
 */
export const DISCLOSED_RECORDS = ['profile', 'grievance', 'followup', 'guardians', 'kept-chat'] as const;
export type DisclosedRecord = (typeof DISCLOSED_RECORDS)[number];
/** A student's fields whose every staff view is recorded. */
export const SENSITIVE_PROFILE_FIELDS = [
  'medicalConditions',
  'bloodGroup',
  'address',
  'dateOfBirth',
  'parentInfo',
] as const;

export interface DisclosureEntry {
  _id: string;
  viewer: PersonRef;
  record: DisclosedRecord;
  /** The grievance or kept chat read; null for a profile. */
  recordId: string | null;
  /** Which fields were shown (a profile's sensitive fields; the record's kind otherwise). */
  fields: string[];
  /** A list load is one row: how many students it showed (1 for one student's record). */
  students: number;
  createdAt: string;
}

/**
 * GET /admin/mentees/{id}/disclosures (admins: every view of that student's records, safeguarding reads included) and
 * GET /disclosures/mine (the student: who viewed my record, without safeguarding reads); newest first.
 */
// An interface, so that the API reference names it.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DisclosurePage extends Page<DisclosureEntry, 'entries'> {}

/**
 * Retention: how long each kind of record is kept (days; null: kept). A daily purge (an outbox job, once across
 * instances) deletes what is past its period and records the counts in the audit log; a dry run counts the same.
 */
export const RETENTION_KINDS = [
  'chatMessages',
  'deletedChats',
  'notifications',
  'deliveryLog',
  'auditEntries',
  'deactivatedAttendance',
  'disclosureLog',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
export const RETENTION_DEFAULTS: Record<RetentionKind, number | null> = {
  chatMessages: null,
  deletedChats: DELETED_CHAT_RETENTION_DAYS,
  notifications: 180,
  deliveryLog: 90,
  auditEntries: null,
  deactivatedAttendance: 3 * 365,
  disclosureLog: 3 * 365,
};
export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 36_500;
export type RetentionPeriods = Record<RetentionKind, number | null>;

/** GET /admin/retention */
export interface RetentionSettingsResponse {
  periods: RetentionPeriods;
  /** When the last daily purge ran, or null. */
  lastPurgeAt: string | null;
}
/** PUT /admin/retention: the periods to change (days from RETENTION_MIN_DAYS to RETENTION_MAX_DAYS, or null: keep). */
export interface UpdateRetentionRequest {
  periods: Partial<RetentionPeriods>;
}
/** GET /admin/retention/dry-run: how many records of each kind the purge would delete now. */
export interface RetentionDryRunResponse {
  counts: Record<RetentionKind, number>;
}

/** Who asked an admin for a student's data export (recorded in the audit log). */
export const DATA_EXPORT_REQUESTERS = ['student', 'guardian'] as const;
export type DataExportRequester = (typeof DATA_EXPORT_REQUESTERS)[number];

/**
 * A student's data, handed over: GET /me/data-export (the student) and GET /admin/mentees/{id}/data-export
 * (an admin, on the student's or a guardian's request). Each section is its owning module's rows for the student:
 * profile, attendance, absenceAnswers, leaves, grievances, followUp, messagesSent, announcements, consents.
 */
export interface StudentDataExport {
  generatedAt: string;
  studentId: string;
  sections: Record<string, unknown>;
}
