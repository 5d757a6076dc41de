import * as oidc from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, UserLevel, UserSource } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { fetchOnceMore } from '../../lib/fetch-once-more';
import type { UserRecord, UsersRepository } from './users.repository';

export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  allowHttp: boolean;
  cookieSecure: boolean;
}

const FLOW_COOKIE = 'beacon_sso';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Single sign-on through OpenID Connect (authorization code + PKCE). The state and PKCE verifier travel in a
 * signed HttpOnly cookie, so any API process can finish a flow another one started.
 */
export class SsoService {
  private config: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly cfg: SsoConfig,
    private readonly repo: UsersRepository,
    private readonly log: Log,
  ) {}

  private configuration(): Promise<oidc.Configuration> {
    this.config ??= oidc
      .discovery(
        new URL(this.cfg.issuer),
        this.cfg.clientId,
        { client_secret: this.cfg.clientSecret },
        oidc.ClientSecretPost(this.cfg.clientSecret),
        // every request of the flow (discovery, code exchange, UserInfo, JWKS) survives a provider closing an idle socket
        {
          [oidc.customFetch]: fetchOnceMore,
          ...(this.cfg.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .catch((err: unknown) => {
        this.config = undefined; // try discovery again on the next sign-in
        throw err;
      });
    return this.config;
  }

  /** The provider's authorization URL; remembers state and verifier in the flow cookie. */
  async authorizationUrl(reply: FastifyReply): Promise<string> {
    const config = await this.configuration().catch((err: unknown) => {
      this.log.warn({ err }, 'OIDC discovery failed');
      throw new ApiError(ErrorCodes.SSO_FAILED);
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    reply.setCookie(FLOW_COOKIE, `${state}.${verifier}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.cfg.cookieSecure,
      path: '/',
      signed: true,
      maxAge: 15 * 60,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.cfg.redirectUrl,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    return url.href;
  }

  /** Exchanges the code for tokens, then finds, links or creates the internal (source 1) user. */
  async finish(
    req: FastifyRequest,
    reply: FastifyReply,
    code: string,
    state: string | undefined,
    iss?: string,
  ): Promise<{ user: UserRecord; idToken: string | undefined }> {
    const raw = req.cookies[FLOW_COOKIE];
    const unsigned = raw ? req.unsignCookie(raw) : undefined;
    reply.clearCookie(FLOW_COOKIE, { path: '/' });
    if (!unsigned?.valid || !unsigned.value) throw new ApiError(ErrorCodes.SSO_FAILED);
    const [expectedState, verifier] = unsigned.value.split('.');
    if (!expectedState || !verifier || expectedState !== state) throw new ApiError(ErrorCodes.SSO_FAILED);
    const callback = new URL(this.cfg.redirectUrl);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', state);
    if (iss) callback.searchParams.set('iss', iss);
    let profile: { sub: string; email?: unknown; email_verified?: unknown };
    let idToken: string | undefined;
    try {
      const config = await this.configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      idToken = tokens.id_token;
      // Most providers put e-mail in the ID token only when asked to; UserInfo returns it for the email scope.
      profile =
        typeof claims.email === 'string'
          ? claims
          : await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    } catch (err) {
      this.log.warn({ err }, 'OIDC code exchange failed');
      throw new ApiError(ErrorCodes.SSO_FAILED);
    }
    const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : '';
    // An e-mail the provider says is unverified must not sign in as (or link to) the Beacon user who owns it.
    if (!email || profile.email_verified === false) {
      this.log.warn({ sub: profile.sub }, 'OIDC sign-in without a verified e-mail');
      throw new ApiError(ErrorCodes.SSO_FAILED);
    }
    return { user: await this.userFor(profile.sub, email), idToken };
  }

  private async userFor(subject: string, email: string): Promise<UserRecord> {
    const bySubject = await this.repo.findByOidcSubject(subject);
    if (bySubject) return bySubject;
    const byEmail = await this.repo.findByEmail(email);
    if (byEmail) {
      await this.repo.update(byEmail.id, {
        oidcSubject: subject,
        activatedAt: byEmail.activatedAt ?? new Date(),
      });
      return { ...byEmail, oidcSubject: subject };
    }
    const created = await this.repo.insert({
      email,
      oidcSubject: subject,
      source: UserSource.INTERNAL,
      ulevel: UserLevel.USER,
      activatedAt: new Date(),
    });
    if (!created) throw new ApiError(ErrorCodes.SSO_FAILED);
    return created;
  }

  /** The provider's end-session URL (empty when it has none). */
  async logoutUrl(idToken: string | undefined): Promise<string> {
    try {
      const config = await this.configuration();
      if (!config.serverMetadata().end_session_endpoint) return '';
      const params: Record<string, string> = {
        client_id: this.cfg.clientId,
        post_logout_redirect_uri: this.cfg.redirectUrl,
      };
      if (idToken) params.id_token_hint = idToken;
      return oidc.buildEndSessionUrl(config, params).href;
    } catch {
      return '';
    }
  }
}
