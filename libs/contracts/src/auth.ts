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
