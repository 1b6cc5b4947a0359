import type { TokenExchangeRequest, TokenSet } from '../../domain/auth.ts';
import type { User } from '../../domain/user.ts';

/** The tokens the browser keeps (cookies) and sends; `refreshToken` and `idToken` may be missing. */
export interface StoredTokens {
  token: string;
  refreshToken: string | null;
  idToken: string | null;
}

/**
 * Why a request of the session failed. `status` is null when no HTTP answer came back;
 * `message` is Italian and meant for the person.
 */
export interface AuthFailure {
  status: number | null;
  message: string;
}

export interface AuthContext {
  tokens: StoredTokens | null;
  user: User | null;
  /** Italian message shown on the welcome and login-callback pages. */
  error: string | null;
  /** The refresh token is tried once per session load, never in a loop. */
  refreshAttempted: boolean;
  /** The last authorization code received: a code is single-use, so the same one is never exchanged twice. */
  callbackCode: string | null;
  /** Esci was pressed while the token was being renewed: the person leaves as soon as the renewal has settled. */
  logoutRequested: boolean;
}

export type AuthEvent =
  /** The identity provider came back to /login-callback with a code. */
  | { type: 'auth.callback'; code: string; state: string | null; iss: string | null; redirectUri: string }
  /** The identity provider came back to /login-callback without a code (error or cancel). */
  | { type: 'auth.denied' }
  /** After a failure: start again from the stored session. */
  | { type: 'auth.retry' }
  /** A request got 401 while the person was signed in: try the refresh token. */
  | { type: 'auth.unauthorized' }
  /** The API client could not recover from a 401: the session is over. */
  | { type: 'session.expired' }
  /** "Esci": end the session here and at the identity provider. */
  | { type: 'auth.logout' }
  /** /logout and /logout-callback: forget the session in this browser only. */
  | { type: 'auth.logout.local' }
  /** The person changed (account saved, invitation accepted): the header and the guards read the new one. */
  | { type: 'user.updated'; user: User };

/** What each invoked actor resolves with; the keys are also the actor ids. */
export interface AuthActorOutputs {
  readStoredTokens: StoredTokens | null;
  exchangeCode: TokenSet;
  loadUser: User;
  refreshTokens: TokenSet;
  revokeSession: void;
}

export interface AuthActorInputs {
  readStoredTokens: void;
  exchangeCode: TokenExchangeRequest;
  loadUser: { accessToken: string };
  refreshTokens: { refreshToken: string };
  revokeSession: { refreshToken: string | null };
}

export type AuthActorId = keyof AuthActorOutputs;
