import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { OidcClient } from './oidcClient.ts';

/** Asymmetric algorithms only: `none` and HMAC (which would let a public key act as a shared secret) are refused. */
const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export type AccessTokenClaims = JWTPayload & {
  sub: string;
  email?: string;
  email_verified?: unknown;
  given_name?: string;
  family_name?: string;
  name?: string;
  roles?: unknown;
};

export type TokenProblem = 'expired' | 'invalid';

export class AccessTokenError extends Error {
  constructor(
    readonly problem: TokenProblem,
    cause: unknown,
  ) {
    super(`access token ${problem}`, { cause });
  }
}

const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Checks signature, issuer, audience and expiry, and that the token keeps to its issuer's policy: issued in
 * the past (`iat` required), no older than the longest lifetime the issuer gives, and not valid for longer than
 * that either (an absurd `exp` is a forged or misconfigured token, never one to honour). Returns the claims or
 * throws AccessTokenError.
 */
export async function verifyAccessToken(oidc: OidcClient, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await oidc.jwks(), {
      issuer: oidc.issuer,
      audience: oidc.audience,
      algorithms: ALLOWED_ALGORITHMS,
      requiredClaims: ['sub', 'exp', 'iat'],
      // Also refuses an `iat` in the future (beyond the tolerance).
      maxTokenAge: oidc.maxAccessTokenLifetime,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (payload.exp! - payload.iat! > oidc.maxAccessTokenLifetime + CLOCK_TOLERANCE_SECONDS) {
      throw new errors.JWTClaimValidationFailed('"exp" claim is beyond the issuer\'s longest lifetime', payload, 'exp', 'check_failed');
    }
    return payload as AccessTokenClaims;
  } catch (error) {
    // Anything that is not about the token itself (the provider's keys unreachable) is the server's problem.
    if (!(error instanceof errors.JOSEError)) throw error;
    throw new AccessTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid', error);
  }
}
