import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ROLES, type Role } from '@portal/contracts';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC = 'isPublic';
export const ROLES_KEY = 'roles';

/** The route needs no token (a valid one is still read, if sent). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** Only these roles may call the route. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
/**
 * Who may call a route that names no roles: staff and students. A guardian reaches only the routes that name them
 * (`@Roles(...)` with 'guardian', or `@AnyRole()`), so no route written before guardians existed opens to them.
 */
export const DEFAULT_ROLES: readonly Role[] = ['admin', 'mentor', 'mentee'];
/** Every signed-in person, guardians included (their own account, the calendar, their notifications). */
export const AnyRole = () => Roles(...ROLES);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user;
});
