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
