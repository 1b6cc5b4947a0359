import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { createAuthActors } from '../../machines/auth/actors.ts';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import { selectAccessToken, selectIsSettled, type AuthSnapshot } from '../../machines/auth/selectors.ts';
import type { StoredTokens } from '../../machines/auth/types.ts';
import type { User } from '../../domain/user.ts';
import { createApiClient, type ApiClient, type ApiClientConfig } from '../api/client.ts';
import type { AttachmentTransfers } from '../api/attachments.ts';
import { exchangeCode, logoutUrl, refreshTokens, revokeRefreshToken } from '../api/jwt.ts';
import { attachmentTransfersOnDemand } from '../api/transfersOnDemand.ts';
import { getCurrentUser } from '../api/user.ts';
import { inspect } from '../devtools/inspect.ts';
import { renewForEveryTab, type TabLocks } from './tabRenewal.ts';

export type AuthActor = Actor<typeof authMachine>;

/** Resolves once the auth machine has nothing under way (no exchange, load or refresh). */
export function settledSession(auth: AuthActor): Promise<AuthSnapshot> {
  return waitFor(auth, selectIsSettled);
}

/**
 * The API client's refresh goes through the auth machine, so the machine stays the one owner
 * of the tokens, and a refresh started by the machine and one started by a request are the same.
 */
export async function refreshThroughAuthMachine(auth: AuthActor): Promise<string | null> {
  auth.send({ type: 'auth.unauthorized' });
  const settled = await settledSession(auth);
  return settled.matches('authenticated') ? selectAccessToken(settled) : null;
}

/** Where the host keeps things: cookies and localStorage in the browser, memory in tests. */
export interface SessionHost {
  baseURL: string;
  /** The tokens every tab of the portal shares. */
  readTokens(): StoredTokens | null;
  writeTokens(tokens: StoredTokens): void;
  /** Web Locks, so the portal's tabs renew one at a time (src/auth/tabRenewal.ts); null or absent where there are none. */
  locks?: TabLocks | null;
  clearTokens(): void;
  readSelectedOrganizationId(): string | null;
  /** Forget everything this browser kept for the person (localStorage, cached queries). */
  clearLocalData(): void;
  /** The person's record the page asked for before the session started, for this token (src/auth/earlyUser.ts). */
  takeEarlyUser?(accessToken: string): Promise<User | null>;
  /** Leave the app for the given URL (the provider's end-session page). */
  leaveTo(url: string): void;
  /** The session is over after a 401 that could not be recovered. */
  onSessionExpired(): void;
}

export interface Session {
  api: ApiClient;
  auth: AuthActor;
  /** Uploads with progress and file downloads, with the API client's credentials (their code loads with the first). */
  transfers: AttachmentTransfers;
}

/** The auth actor and the API client, wired to each other and to the host. */
export function createSession(host: SessionHost): Session {
  const auth: AuthActor = createActor(
    authMachine.provide({
      actors: {
        ...createAuthActors({
          exchangeCode: (request, signal) => exchangeCode(api, request, signal),
          fetchCurrentUser: async (accessToken, signal) =>
            (await host.takeEarlyUser?.(accessToken)) ?? getCurrentUser(api, { accessToken, signal }),
          refreshTokens: (refreshToken, signal) =>
            renewForEveryTab(
              { locks: host.locks ?? null, readTokens: host.readTokens, writeTokens: host.writeTokens },
              refreshToken,
              (current) => refreshTokens(api, current, signal),
              signal,
            ),
          revokeRefreshToken: (refreshToken, signal) => revokeRefreshToken(api, refreshToken, signal),
        }),
        readStoredTokens: fromPromise(async () => host.readTokens()),
      },
      actions: {
        persistTokens: ({ context }) => {
          if (context.tokens) host.writeTokens(context.tokens);
        },
        clearStoredTokens: () => host.clearTokens(),
        clearLocalData: () => host.clearLocalData(),
        endProviderSession: ({ context }) => host.leaveTo(logoutUrl(context.tokens?.idToken ?? null)),
      },
    }),
    { inspect },
  );

  const credentials: ApiClientConfig = {
    baseURL: host.baseURL,
    getAccessToken: () => selectAccessToken(auth.getSnapshot()),
    getSelectedOrganizationId: () => host.readSelectedOrganizationId(),
    refreshAccessToken: () => refreshThroughAuthMachine(auth),
    onSessionExpired: () => {
      auth.send({ type: 'session.expired' });
      host.onSessionExpired();
    },
  };
  const api = createApiClient(credentials);

  // Started only now: its first actor reads the stored tokens and may call the API.
  auth.start();
  return { api, auth, transfers: attachmentTransfersOnDemand(credentials, api) };
}
