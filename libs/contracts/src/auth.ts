import type { Role } from './common';
import type { AnyProfile, UserResponse } from './users';

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

/** POST /admin/users/{id}/reset-link: a single-use link for the admin to pass on (valid 30 minutes). */
export interface ResetLinkResponse {
  token: string;
  /** Path of the shell's reset page with the token, e.g. /reset-password?token=... */
  url: string;
  expiresAt: string;
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
