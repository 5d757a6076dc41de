import { type Accounts } from './accounts';
import { type Reply } from './errors';
import { decodeJwt, verifyRs256 } from './jwt';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const MAX_LIFETIME_SECONDS = 3600;
const SKEW_SECONDS = 300;
const LIFETIME_ERROR =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';

export interface TokenEndpointContext {
  accounts: Accounts;
  /** every URL this emulator answers /token on (http1, h2c, tls; 127.0.0.1 and localhost) */
  ownTokenUris: ReadonlySet<string>;
  verifySignatures: boolean;
  expiresIn: number;
}

function oauthError(error: string, description: string): Reply {
  return { status: 400, body: JSON.stringify({ error, error_description: description }), statKey: error };
}

const invalidGrant = (description: string): Reply => oauthError('invalid_grant', description);

function hasMessagingScope(scope: unknown): boolean {
  if (typeof scope !== 'string') return false;
  return scope
    .split(' ')
    .some((s) => s.endsWith('/auth/firebase.messaging') || s.endsWith('/auth/cloud-platform'));
}

/**
 * OAuth 2 JWT-bearer grant (reference §6.2): verifies the RS256 assertion of a registered service
 * account and issues an `emu.` access token bound to the account's project.
 */
export function handleTokenRequest(body: string, ctx: TokenEndpointContext, nowMs = Date.now()): Reply {
  const form = new URLSearchParams(body);
  const grantType = form.get('grant_type');
  if (grantType !== JWT_BEARER)
    return oauthError('unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  const assertion = form.get('assertion');
  if (assertion === null || assertion === '')
    return oauthError('invalid_request', 'Missing required parameter: assertion');
  const jwt = decodeJwt(assertion);
  if (jwt === undefined) return invalidGrant('Invalid JWT: the assertion is not a well-formed JWT.');
  if (jwt.header.alg !== 'RS256') return invalidGrant('Invalid JWT Signature.');
  const { iss, aud, iat, exp, scope } = jwt.claims;
  const account = typeof iss === 'string' ? ctx.accounts.account(iss) : undefined;
  if (account === undefined) return invalidGrant('Invalid grant: account not found');
  if (ctx.verifySignatures && !verifyRs256(jwt, account.publicKey))
    return invalidGrant('Invalid JWT Signature.');

  const now = nowMs / 1000;
  if (typeof iat !== 'number' || typeof exp !== 'number') return invalidGrant(LIFETIME_ERROR);
  if (
    exp <= iat ||
    exp - iat > MAX_LIFETIME_SECONDS ||
    iat > now + SKEW_SECONDS ||
    exp < now - SKEW_SECONDS
  ) {
    return invalidGrant(LIFETIME_ERROR);
  }
  if (typeof aud !== 'string' || !(ctx.ownTokenUris.has(aud) || aud === account.tokenUri)) {
    return invalidGrant(
      `Invalid JWT: Failed audience check. The expected value was one of this server's token URLs but the actual value was ${JSON.stringify(aud)}.`,
    );
  }
  if (!hasMessagingScope(scope))
    return oauthError('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');

  const accessToken = ctx.accounts.issue(account.projectId, ctx.expiresIn, nowMs);
  return {
    status: 200,
    body: JSON.stringify({ access_token: accessToken, expires_in: ctx.expiresIn, token_type: 'Bearer' }),
  };
}
