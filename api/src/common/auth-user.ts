import type { Role, UserLanguage } from '@portal/contracts';

/** The signed-in caller, as the JWT strategy resolves it from the database on every request. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  fullName: string;
  /** The language stored on the account (English when not known): what the server writes for this caller. */
  language?: UserLanguage;
  /** The session the call was made with (the token's `sid`); absent for a caller that is not a signed-in request. */
  sid?: string;
}
