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

/** Checks signature, issuer, audience and expiry; returns the claims or throws AccessTokenError. */
export async function verifyAccessToken(oidc: OidcClient, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await oidc.jwks(), {
      issuer: oidc.issuer,
      audience: oidc.audience,
      algorithms: ALLOWED_ALGORITHMS,
      requiredClaims: ['sub', 'exp'],
      clockTolerance: 5,
    });
    return payload as AccessTokenClaims;
  } catch (error) {
    // Anything that is not about the token itself (the provider's keys unreachable) is the server's problem.
    if (!(error instanceof errors.JOSEError)) throw error;
    throw new AccessTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid', error);
  }
}
