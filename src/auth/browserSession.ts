import type { QueryClient } from '@tanstack/react-query';
import { readSelectedOrganizationId } from '../api/selectedOrganization.ts';
import { createSession, type Session } from './session.ts';
import { takeEarlyUser } from './earlyUser.ts';
import { browserTokenStore } from './tokenCookies.ts';

interface BrowserSessionOptions {
  queryClient: QueryClient;
  /** Where the app goes when the session is over (spec §8: a 401 sends the person to /). */
  onSessionExpired(): void;
}

/** The session as the browser keeps it: token cookies, localStorage, same-origin API. */
export function createBrowserSession({ queryClient, onSessionExpired }: BrowserSessionOptions): Session {
  return createSession({
    baseURL: '',
    ...browserTokenStore(),
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
