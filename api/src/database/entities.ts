import {
  AnnouncementComment,
  AnnouncementLike,
  Announcement,
  AnnouncementRecipient,
} from '../announcements/entities/announcement.entity';
import { AttendanceRecord } from '../attendance/entities/attendance-record.entity';
import { SchoolClosureDay, SchoolSettings } from '../calendar/calendar.entity';
import { PasswordResetRequest, PasswordResetToken } from '../auth/entities/password-reset.entity';
import { ProviderSignIn, SignInIdentity } from '../auth/entities/provider-sign-in.entity';
import { AdminAuthenticator, AdminRecoveryCode } from '../auth/entities/admin-mfa.entity';
import { AuditEntry } from '../audit/entities/audit-entry.entity';
import {
  ActionItemRow,
  MentoringEntryRow,
  RiskDismissalRow,
  RiskRunRow,
  RiskSettingsRow,
  RiskSignalRow,
} from '../followup/entities/followup.entity';
import {
  Grievance,
  GrievanceComment,
  GrievanceEvent,
  GrievanceSettings,
  GrievanceTicketCounter,
} from '../grievances/entities/grievance.entity';
import { Group } from '../groups/entities/group.entity';
import { GuardianLink } from '../guardians/entities/guardian-link.entity';
import { AbsenceAnswer, AbsenceLink } from '../attendance/entities/absence-answer.entity';
import { GuardianConsent, PrivacyNotice } from '../guardians/entities/consent.entity';
import { LeaveRequest } from '../leaves/entities/leave-request.entity';
import { LeaveDocument, LeaveDocumentChunk } from '../leaves/entities/leave-document.entity';
import {
  GuardianMailSetting,
  GuardianNoticeSetting,
  MailDelivery,
  Notification,
  NotificationPreference,
} from '../notifications/entities/notification.entity';
import { OutboxJob } from '../outbox/outbox-job.entity';
import { RemoteVersion } from '../remotes/remote-version.entity';
import { AttachmentChunk } from '../messages/entities/attachment-chunk.entity';
import { Attachment, ConversationRead, Message } from '../messages/entities/message.entity';
import { KeptChat, KeptMessage } from '../messages/entities/kept-chat.entity';
import { HeldMessage } from '../messages/entities/held-message.entity';
import { MessageReport } from '../safeguarding/entities/message-report.entity';
import { Disclosure } from '../disclosures/entities/disclosure.entity';
import { RetentionPeriod, RetentionState } from '../retention/entities/retention.entity';
import { AdminProfile } from '../users/entities/admin-profile.entity';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import { MentorProfile } from '../users/entities/mentor-profile.entity';
import { PairingChange } from '../users/entities/pairing-change.entity';
import { SignIn } from '../users/entities/sign-in.entity';
import { UserSession } from '../users/entities/user-session.entity';
import { User } from '../users/entities/user.entity';

export const ENTITIES = [
  User,
  GuardianLink,
  PrivacyNotice,
  GuardianConsent,
  AdminProfile,
  MentorProfile,
  MenteeProfile,
  AttendanceRecord,
  AbsenceAnswer,
  AbsenceLink,
  Group,
  LeaveRequest,
  LeaveDocument,
  LeaveDocumentChunk,
  Grievance,
  Announcement,
  AnnouncementComment,
  AnnouncementLike,
  AnnouncementRecipient,
  Message,
  AuditEntry,
  GrievanceComment,
  GrievanceEvent,
  GrievanceSettings,
  GrievanceTicketCounter,
  Attachment,
  AttachmentChunk,
  KeptChat,
  KeptMessage,
  HeldMessage,
  MessageReport,
  Disclosure,
  RetentionPeriod,
  RetentionState,
  ConversationRead,
  PasswordResetToken,
  PasswordResetRequest,
  ProviderSignIn,
  SignInIdentity,
  AdminAuthenticator,
  AdminRecoveryCode,
  SignIn,
  UserSession,
  PairingChange,
  OutboxJob,
  Notification,
  NotificationPreference,
  MailDelivery,
  GuardianNoticeSetting,
  GuardianMailSetting,
  SchoolSettings,
  SchoolClosureDay,
  RiskSettingsRow,
  RiskSignalRow,
  MentoringEntryRow,
  ActionItemRow,
  RiskDismissalRow,
  RiskRunRow,
  RemoteVersion,
];
