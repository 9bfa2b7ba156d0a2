import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AuthUser } from '../common/auth-user';
import type { JwtPayload } from './jwt-payload';
import { AuthException } from './auth.exception';
import { AuthService } from './auth.service';
import { jwtKey } from './jwt-key';
import { seenFrom } from './seen-from';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly auth: AuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // passport-jwt hands the key to jsonwebtoken as is; its types predate KeyObject.
      secretOrKey: jwtKey(config.jwtSecret) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** Looked up on every call so that deactivation and sign-out take effect at once; the call is the session's use. */
  async validate(req: FastifyRequest, payload: JwtPayload): Promise<AuthUser> {
    const user = await this.auth.resolveTokenUser(payload, seenFrom(req));
    if (!user) throw AuthException.sessionEnded();
    return user;
  }
}
