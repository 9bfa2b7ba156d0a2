import type { Role } from '@portal/contracts';

/** The signed-in caller, as the JWT strategy resolves it from the database on every request. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  fullName: string;
}

export interface JwtPayload {
  sub: string;
  role: Role;
  /** The user's tokenVersion when the token was issued. */
  ver: number;
}
