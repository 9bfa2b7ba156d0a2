import type { Role } from './common';
import type { AnyProfile, UserLanguage, UserResponse } from './users';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  user: UserResponse;
}

/**
 * An admin's sign-in under ADMIN_MFA=required, password or provider alike: no token yet, only a challenge (5 minutes)
 * that the second-factor routes alone accept. `enrolled` false: the admin sets up an authenticator app first.
 */
export interface MfaChallengeResponse {
  mfa: { challenge: string; enrolled: boolean };
}

/** What a sign-in answers (POST /auth/login, POST /auth/oidc/session): the token, or an admin's second step. */
export type SignInResponse = LoginResponse | MfaChallengeResponse;

/** POST /auth/mfa/enrolment: a new authenticator secret for the challenged admin, active once a code from it is given. */
export interface MfaEnrolmentRequest {
  challenge: string;
}
export interface MfaEnrolmentResponse {
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: string;
  /** The QR code, an SVG document. */
  qrSvg: string;
}

/** POST /auth/mfa/verify: a 6-digit code from the app, or one of the recovery codes (each works once). */
export interface MfaVerifyRequest {
  challenge: string;
  code: string;
}
/** The session's token; at enrolment also the ten recovery codes, shown this once (the server keeps their hashes). */
export interface MfaVerifyResponse extends LoginResponse {
  recoveryCodes: string[] | null;
}

/** Who may sign in with a password: everyone, or (a school whose staff use its provider) students and guardians only. */
export type PasswordSignIn = 'all' | 'students-only';

/** The sign-in page a provider sign-in started from, and returns to: /login or /admin/login. */
export type SignInPortal = 'main' | 'admin';

/** GET /auth/sign-in-options: what the sign-in pages offer. */
export interface SignInOptionsResponse {
  /** The school's OpenID Connect provider when one is configured (its button's text), else null. */
  provider: { label: string } | null;
  passwordSignIn: PasswordSignIn;
}

export interface MeResponse {
  user: UserResponse;
  profile: AnyProfile | null;
  /** The language stored on the account: the page adopts it at sign-in; the server writes in it for this person. */
  language: UserLanguage;
}

/** POST /auth/register. Public registration accepts mentor and mentee; admin needs an admin's token. */
export interface RegisterRequest {
  email: string;
  password: string;
  role: Role;
  fullName: string;
  phone: string;
  department?: string;
  employeeId?: string;
  position?: string;
  class?: string;
  section?: string;
  studentId?: string;
}

export interface RegisterResponse {
  message: string;
  user: UserResponse;
}

/** POST /auth/change-password: the signed-in user's own password; other sessions end, a fresh token comes back. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}
export interface ChangePasswordResponse {
  message: string;
  token: string;
}

/** What kind of device a session's browser runs on (from its User-Agent). */
export type SessionPlatform = 'desktop' | 'mobile' | 'tablet' | 'unknown';

/**
 * One of the caller's sessions (GET /auth/sessions): a sign-in on some device, until its token expires or it is
 * ended. Browser and system are names read from the User-Agent (null when it names none); the address and last use
 * are those of its latest call (last use is written at most once a minute).
 */
export interface SessionResponse {
  id: string;
  browser: string | null;
  os: string | null;
  platform: SessionPlatform;
  address: string | null;
  signedInAt: string;
  lastUsedAt: string;
  expiresAt: string;
  /** The session this call was made with. */
  current: boolean;
}
export interface SessionsResponse {
  /** The current session first, then the most recently used. */
  sessions: SessionResponse[];
}

/** POST /auth/forgot-password: the same answer whether or not the account exists. */
export interface ForgotPasswordRequest {
  email: string;
}

/** POST /auth/reset-password with the token of a reset link. */
export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
}

export interface MessageResponse {
  message: string;
}

/**
 * POST /admin/users/{id}/reset-link: a single-use link (valid 30 minutes), e-mailed to the account when a mail server
 * is set, else given to the admin to pass on.
 */
export interface ResetLinkResponse {
  /** true: e-mailed to `to`, and the link is not shown here. */
  emailed: boolean;
  /** The address it was e-mailed to (null when not e-mailed). */
  to: string | null;
  /** When not e-mailed: the token, and the path of the shell's reset page with it (/reset-password?token=...). */
  token: string | null;
  url: string | null;
  expiresAt: string;
}

/** POST /auth/forgot-password: the same answer for every address; `emailed` says whether this portal sends e-mail. */
export interface ForgotPasswordResponse extends MessageResponse {
  emailed: boolean;
}

/** GET /admin/password-resets: who asked for a reset link and has not been sent one yet. */
export interface PasswordResetRequestItem {
  _id: string;
  userId: string;
  email: string;
  fullName: string;
  role: Role;
  requestedAt: string;
}
