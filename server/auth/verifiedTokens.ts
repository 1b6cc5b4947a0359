import type { AccessTokenClaims } from './accessToken.ts';

/** The clock tolerance verifyAccessToken grants (seconds): a cached token expires exactly when a fresh check would refuse it. */
const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Access tokens whose signature, issuer and audience were already checked, kept until they expire, so the same
 * token on the next call is not verified again (an RSA signature check is the largest CPU cost of an
 * authenticated call). The key is the whole token: a token differing in any byte is verified afresh. Bounded:
 * the oldest entries go first.
 */
export function createVerifiedTokenCache(options: { maxEntries?: number; now?: () => number } = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? (() => Date.now() / 1000);
  const verified = new Map<string, AccessTokenClaims>();

  return {
    /** The claims of a token verified before and not expired yet; undefined otherwise. */
    get(token: string): AccessTokenClaims | undefined {
      const claims = verified.get(token);
      if (claims === undefined) return undefined;
      if (typeof claims.exp !== 'number' || claims.exp + CLOCK_TOLERANCE_SECONDS <= now()) {
        verified.delete(token);
        return undefined;
      }
      return claims;
    },
    remember(token: string, claims: AccessTokenClaims): void {
      if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
    },
    get size() {
      return verified.size;
    },
  };
}
