import { seenFrom } from '../seen-from';
import { Controller, Get, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type SignInOptionsResponse, type SignInPortal, type SignInResponse } from '@portal/contracts';
import { Public } from '../../common/decorators';
import { DomainException } from '../../common/domain.exception';
import { ApiAnswer, ApiErrors } from '../../openapi/api-doc.decorators';
import { changesNoKeptRead } from '../../read-cache/read-scopes';
import { OidcStartQueryDto } from '../dto/oidc.dto';
import { OidcService, SIGN_IN_COOKIE, SIGN_IN_COOKIE_PATH } from './oidc.service';

const signInPage = (portal: SignInPortal) => (portal === 'admin' ? '/admin/login' : '/login');

/** Sign-in through the school's provider: the browser is sent there and back, then collects its token here. */
@Controller('auth')
export class OidcController {
  private readonly logger = new Logger('OidcSignIn');

  constructor(private readonly oidc: OidcService) {}

  @Public()
  @Get('sign-in-options')
  @ApiOperation({
    summary: 'What the sign-in pages offer: the school provider (its button), password sign-in for whom',
  })
  @ApiAnswer('SignInOptionsResponse')
  options(): SignInOptionsResponse {
    return this.oidc.options();
  }

  @Public()
  @Get('oidc/login')
  @ApiOperation({
    summary: "Start a sign-in with the school's provider: redirects there (errors: back to the sign-in page)",
  })
  @ApiAnswer({ redirect: "To the provider's sign-in; on a refusal, back to the sign-in page with `?error=<code>`" })
  async start(@Query() query: OidcStartQueryDto, @Res() reply: FastifyReply): Promise<void> {
    changesNoKeptRead();
    const portal = query.portal ?? 'main';
    try {
      const { location, secret } = await this.oidc.start(portal);
      reply.setCookie(SIGN_IN_COOKIE, secret, {
        path: SIGN_IN_COOKIE_PATH,
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level navigation from its site, which Lax lets through.
        sameSite: 'lax',
        secure: this.oidc.secureCookie,
        maxAge: 10 * 60,
      });
      this.send(reply, location);
    } catch (e) {
      this.back(reply, portal, e);
    }
  }

  @Public()
  @Get('oidc/callback')
  @ApiOperation({ summary: "The provider's redirect back: checked, then to the sign-in page that collects the token" })
  @ApiAnswer({
    redirect: 'To the sign-in page it started from: `?signin=provider` to collect the token, or `?error=<code>`',
  })
  async callback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    changesNoKeptRead();
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    try {
      const portal = await this.oidc.finish(req.cookies[SIGN_IN_COOKIE], query);
      this.send(reply, `${signInPage(portal)}?signin=provider`);
    } catch (e) {
      reply.clearCookie(SIGN_IN_COOKIE, { path: SIGN_IN_COOKIE_PATH });
      this.back(reply, (e as { portal?: SignInPortal }).portal ?? 'main', e);
    }
  }

  @Public()
  @Post('oidc/session')
  @HttpCode(200)
  @ApiOperation({ summary: 'The token of the provider sign-in this browser finished (once; its cookie names it)' })
  @ApiAnswer('SignInResponse')
  @ApiErrors(ErrorCode.ProviderSignInFailed, ErrorCode.AccountInactive, ErrorCode.AccountPending)
  async session(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignInResponse> {
    changesNoKeptRead();
    reply.clearCookie(SIGN_IN_COOKIE, { path: SIGN_IN_COOKIE_PATH });
    return this.oidc.collect(req.cookies[SIGN_IN_COOKIE], seenFrom(req));
  }

  private send(reply: FastifyReply, location: string): void {
    reply.header('cache-control', 'no-store').redirect(location, 302);
  }

  /** Back to the sign-in page with the refusal's code, which the page explains (nothing else travels in the URL). */
  private back(reply: FastifyReply, portal: SignInPortal, e: unknown): void {
    const code = e instanceof DomainException ? e.code : ErrorCode.ProviderSignInFailed;
    if (!(e instanceof DomainException)) this.logger.error(`provider sign-in failed: ${(e as Error).message}`);
    this.send(reply, `${signInPage(portal)}?error=${encodeURIComponent(code)}`);
  }
}
