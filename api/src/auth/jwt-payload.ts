import type { Role } from '@portal/contracts';

export interface JwtPayload {
  sub: string;
  role: Role;
  /** The user's tokenVersion when the token was issued. */
  ver: number;
  /** The session (UserSession's id): the token works while it lasts. */
  sid: string;
}
