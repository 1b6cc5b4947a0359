import type { TokenSet } from '../../domain/auth.ts';
import type { StoredTokens } from '../../machines/auth/types.ts';

/** The part of the Web Locks API (`navigator.locks`) the renewal needs: one holder at a time per name, across tabs. */
export interface TabLocks {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

/** Held by the tab that renews; every tab of the portal's origin asks for the same one. */
export const RENEWAL_LOCK = 'portale-fondi:token-renewal';

/** Another tab's access token is taken only if it still has this long to live (ms): the replayed request must pass. */
const FRESH_FOR_MS = 2000;

export interface TabRenewalHost {
  /** null where the browser has no Web Locks (plain http on an address other than localhost): the server's reuse window covers it. */
  locks: TabLocks | null;
  /** The tokens every tab shares (the cookies), read again inside the lock. */
  readTokens(): StoredTokens | null;
  writeTokens(tokens: StoredTokens): void;
  now?: () => number;
}

/** The access token's `exp` in ms, or null when it is not a JWT we can read (then it is taken as fresh). */
function expiryOf(accessToken: string): number | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Renews the session for every tab of the portal at once. Refresh tokens rotate, and a rotated one used again
 * ends the session: so only the tab holding the lock renews, and it writes the new tokens to the cookies before
 * letting go. A tab that waited finds, in the cookies, a refresh token other than the one it was about to use:
 * another tab has just renewed, and it takes those tokens instead of renewing again (unless their access token
 * has expired meanwhile: then it renews from the newest refresh token).
 */
export async function renewForEveryTab(
  host: TabRenewalHost,
  refreshToken: string,
  renew: (refreshToken: string) => Promise<TokenSet>,
  signal?: AbortSignal,
): Promise<TokenSet> {
  const now = host.now ?? Date.now;
  const underLock = async (): Promise<TokenSet> => {
    const shared = host.readTokens();
    const renewedElsewhere = shared !== null && shared.refreshToken !== null && shared.refreshToken !== refreshToken;
    if (renewedElsewhere) {
      const expiry = expiryOf(shared.token);
      if (expiry === null || expiry - now() > FRESH_FOR_MS) {
        return { token: shared.token, refresh_token: shared.refreshToken, id_token: shared.idToken, expires_in: null };
      }
    }
    const from = renewedElsewhere ? shared.refreshToken! : refreshToken;
    const tokens = await renew(from);
    host.writeTokens({
      token: tokens.token,
      // A provider that does not rotate answers without a refresh token: the one used stays valid.
      refreshToken: tokens.refresh_token ?? from,
      idToken: tokens.id_token ?? shared?.idToken ?? null,
    });
    return tokens;
  };
  return host.locks ? host.locks.request(RENEWAL_LOCK, { signal }, underLock) : underLock();
}

/** `navigator.locks` where the browser offers it (secure contexts only). */
export function browserTabLocks(): TabLocks | null {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return { request: (name, options, callback) => locks.request(name, options, callback) };
}
