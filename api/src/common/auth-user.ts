import type { Role } from '@portal/contracts';

/** The signed-in caller, as the JWT strategy resolves it from the database on every request. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  fullName: string;
}
