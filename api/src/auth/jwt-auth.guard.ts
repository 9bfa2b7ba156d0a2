import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Role } from '@portal/contracts';
import { DEFAULT_ROLES, IS_PUBLIC, ROLES_KEY } from '../common/decorators';
import type { AuthUser } from '../common/auth-user';
import { exposeCallerToLog } from '../observability/logging';
import { AuthException } from './auth.exception';

/**
 * Global guard: every route needs a valid token unless marked @Public(), and the role named by @Roles().
 * On public routes a token, if sent and valid, still identifies the caller.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Sockets were authenticated at the handshake (RealtimeGateway); each event handler checks membership itself.
    if (context.getType() === 'ws')
      return !!context.switchToWs().getClient<{ data?: { user?: AuthUser } }>().data?.user;
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    if (isPublic) {
      const req = context.switchToHttp().getRequest();
      if (req.headers?.authorization) {
        try {
          await super.canActivate(context);
          exposeCallerToLog(req);
        } catch {
          req.user = undefined;
        }
      }
      return true;
    }
    await super.canActivate(context);
    const req = context.switchToHttp().getRequest();
    exposeCallerToLog(req);
    const named = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    const roles = named?.length ? named : DEFAULT_ROLES;
    const user = req.user as AuthUser;
    if (!roles.includes(user.role)) throw AuthException.roleRefused([...roles]);
    return true;
  }

  handleRequest<T>(err: unknown, user: T): T {
    // The strategy's own refusal, or a failure other than a bad token (e.g. the database is down), which must not read
    // as "signed out".
    if (err) throw err;
    if (!user) throw AuthException.unauthenticated();
    return user;
  }
}
