import type { QueryClient } from '@tanstack/react-query';
import { readSelectedOrganizationId } from '../api/selectedOrganization.ts';
import { createSession, type Session } from './session.ts';
import { takeEarlyUser } from './earlyUser.ts';
import { browserTabLocks } from './tabRenewal.ts';
import { clearTokenCookies, readTokenCookies, writeTokenCookies } from './tokenCookies.ts';

interface BrowserSessionOptions {
  queryClient: QueryClient;
  /** Where the app goes when the session is over (spec §8: a 401 sends the person to /). */
  onSessionExpired(): void;
}

/** The session as the browser keeps it: token cookies, localStorage, same-origin API. */
export function createBrowserSession({ queryClient, onSessionExpired }: BrowserSessionOptions): Session {
  const secure = window.location.protocol === 'https:';
  return createSession({
    baseURL: '',
    readTokens: () => readTokenCookies(document),
    writeTokens: (tokens) => writeTokenCookies(document, tokens, secure),
    clearTokens: () => clearTokenCookies(document),
    locks: browserTabLocks(),
    readSelectedOrganizationId: () => readSelectedOrganizationId(window.localStorage),
    clearLocalData: () => {
      window.localStorage.clear();
      queryClient.clear();
    },
    takeEarlyUser,
    leaveTo: (url) => window.location.assign(url),
    onSessionExpired,
  });
}
