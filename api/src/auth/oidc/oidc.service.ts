import type { SeenFrom } from '../../users/user-sessions.service';
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as client from 'openid-client';
import { IsNull, LessThan, MoreThan, Not, type Repository } from 'typeorm';
import type { SignInOptionsResponse, SignInPortal, SignInResponse } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../../dates/clock';
import { UsersService } from '../../users/users.service';
import { AuthException } from '../auth.exception';
import { AuthService } from '../auth.service';
import { ProviderSignIn, SignInIdentity } from '../entities/provider-sign-in.entity';

/** The fetch the OIDC client talks to the provider with: the platform's; the tests' trusts their provider's CA. */
export const OIDC_FETCH = Symbol('OIDC_FETCH');
export type OidcFetch = (url: string, options: RequestInit) => Promise<Response>;

/** The cookie that ties a provider sign-in to the browser that started it (HttpOnly: page scripts never read it). */
export const SIGN_IN_COOKIE = 'portal_sign_in';
export const SIGN_IN_COOKIE_PATH = '/api/auth/oidc';
const STARTED_TTL_MS = 10 * 60_000;
const FINISHED_TTL_MS = 2 * 60_000;
/** The longest wait for the provider (discovery, keys, the token endpoint), in seconds. */
const PROVIDER_TIMEOUT_S = 10;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Claims that vouch for an address come as a boolean from most providers, as 1 or "true" from some. */
const isTrue = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/**
 * Sign-in through the school's OpenID Connect provider (authorization code flow with PKCE, state and nonce; the
 * openid-client library does every check of the provider's answer and ID token, signatures included). Accounts are
 * matched by the provider's verified e-mail, never created; the provider's subject is bound at the first match. The
 * portal's token never travels in a URL: the callback marks the sign-in done, and the sign-in page collects the token
 * with the same HttpOnly cookie.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger('OidcSignIn');
  /** The provider's metadata and keys, discovered once (again after a failure). */
  private discovered: Promise<client.Configuration> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OIDC_FETCH) private readonly fetchImpl: OidcFetch,
    @InjectRepository(ProviderSignIn) private readonly signIns: Repository<ProviderSignIn>,
    @InjectRepository(SignInIdentity) private readonly identities: Repository<SignInIdentity>,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly clock: Clock,
  ) {}

  options(): SignInOptionsResponse {
    return {
      provider: this.config.oidc ? { label: this.config.oidc.label } : null,
      passwordSignIn: this.config.passwordSignIn,
    };
  }

  /** The registered redirect URI: the callback URL is rebuilt from it, never from the request's Host. */
  get redirectUri(): string {
    return `${this.config.mail.publicUrl}/api/auth/oidc/callback`;
  }

  /** Whether the sign-in cookie must be Secure: the portal is served over HTTPS. */
  get secureCookie(): boolean {
    return this.config.mail.publicUrl.startsWith('https:');
  }

  /** Starts a sign-in: the provider's authorization URL, and the secret for the browser's cookie. */
  async start(portal: SignInPortal): Promise<{ location: string; secret: string }> {
    const config = await this.provider();
    const secret = randomBytes(32).toString('base64url');
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const now = this.clock.now();
    // Sign-ins abandoned at the provider go as new ones start.
    await this.signIns.delete({ expiresAt: LessThan(now) });
    await this.signIns.insert({
      id: sha256(secret),
      portal,
      codeVerifier,
      state,
      nonce,
      userId: null,
      expiresAt: new Date(now.getTime() + STARTED_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { location: url.href, secret };
  }

  /**
   * The provider's answer (the callback's query string) for the sign-in this browser started: checked, the account
   * matched. Answers the portal it started from; a refusal throws, with that portal when it is known.
   */
  async finish(secret: string | undefined, query: string): Promise<SignInPortal> {
    const config = await this.provider();
    const id = secret ? sha256(secret) : '';
    const started = id
      ? await this.signIns.findOneBy({
          id,
          userId: IsNull(),
          expiresAt: MoreThan(this.clock.now()),
        })
      : null;
    // Used once: a second callback with this cookie (a replayed code) finds nothing.
    const taken = started && (await this.signIns.delete({ id, userId: IsNull() })).affected;
    if (!started || !taken) throw AuthException.providerSignInFailed();
    const portal = started.portal;
    try {
      const current = new URL(this.redirectUri);
      current.search = query;
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: started.codeVerifier!,
        expectedState: started.state!,
        expectedNonce: started.nonce!,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw AuthException.providerSignInFailed();
      const user = await this.match(claims);
      if (portal === 'admin' && user.role !== 'admin') throw AuthException.adminCredentials();
      if (user.pendingApproval) throw AuthException.accountPending();
      if (!user.isActive) throw AuthException.accountInactive();
      await this.signIns.manager.transaction(async (tx) => {
        await this.bind(tx.withRepository(this.identities), user.id, claims);
        await tx.withRepository(this.signIns).insert({
          id,
          portal,
          codeVerifier: null,
          state: null,
          nonce: null,
          userId: user.id,
          expiresAt: new Date(this.clock.now().getTime() + FINISHED_TTL_MS),
        });
      });
      return portal;
    } catch (e) {
      throw Object.assign(this.refusal(e), { portal });
    }
  }

  /** The token of the sign-in this browser finished, once (as a password sign-in answers it). */
  async collect(secret: string | undefined, seen: SeenFrom): Promise<SignInResponse> {
    const id = secret ? sha256(secret) : '';
    const finished = id
      ? await this.signIns.findOneBy({
          id,
          userId: Not(IsNull()),
          expiresAt: MoreThan(this.clock.now()),
        })
      : null;
    const taken = finished && (await this.signIns.delete({ id })).affected;
    if (!finished || !taken) throw AuthException.providerSignInFailed();
    const user = await this.users.findById(finished.userId!);
    if (!user) throw AuthException.providerNoAccount();
    return this.auth.signIn(user, seen);
  }

  /** The account whose address the provider vouches for: `email_verified`, or the configured claim where it is not sent. */
  private async match(claims: client.IDToken) {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const claim = this.config.oidc?.verifiedClaim;
    const verified =
      isTrue(claims.email_verified) || (claims.email_verified === undefined && !!claim && isTrue(claims[claim]));
    if (!email || !verified) throw AuthException.providerEmailUnverified();
    const user = await this.users.findForSignIn(email);
    if (!user) throw AuthException.providerNoAccount();
    return user;
  }

  /** Binds the provider's subject to the account at its first sign-in; a different one later is refused. */
  private async bind(identities: Repository<SignInIdentity>, userId: string, claims: client.IDToken): Promise<void> {
    const issuer = claims.iss;
    const subject = claims.sub;
    const bound = await identities.findOneBy({ userId, issuer });
    if (bound) {
      if (bound.subject !== subject) throw AuthException.providerSubjectMismatch();
      return;
    }
    const other = await identities.findOneBy({ issuer, subject });
    if (other) throw AuthException.providerSubjectMismatch();
    await identities.insert(identities.create({ userId, issuer, subject }));
  }

  /** A refusal the user can act on; anything the library refused (state, nonce, issuer, code) is one failure. */
  private refusal(e: unknown): AuthException {
    if (e instanceof AuthException) return e;
    const { code, error, message } = e as { code?: string; error?: string; message?: string };
    this.logger.warn(`provider sign-in refused: ${code ?? error ?? ''} ${message ?? ''}`.trim());
    return AuthException.providerSignInFailed();
  }

  private provider(): Promise<client.Configuration> {
    const oidc = this.config.oidc;
    if (!oidc) return Promise.reject(AuthException.providerNotConfigured());
    this.discovered ??= client
      .discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret, undefined, {
        // The ID token's signature is checked against the provider's published keys, which rotate.
        execute: [client.enableNonRepudiationChecks],
        [client.customFetch]: this.fetchImpl as never,
        timeout: PROVIDER_TIMEOUT_S,
      })
      .catch((e: unknown) => {
        this.discovered = null;
        throw this.refusal(e);
      });
    return this.discovered;
  }
}
