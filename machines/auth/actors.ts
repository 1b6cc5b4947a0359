import { fromPromise } from 'xstate';
import type { TokenExchangeRequest, TokenSet } from '../../domain/auth.ts';
import { messages } from '../../domain/messages.ts';
import type { User } from '../../domain/user.ts';
import type { AuthActorInputs, AuthActorOutputs, AuthFailure } from './types.ts';

/**
 * The calls the auth machine needs. Implementations reject with an error carrying
 * `status` (HTTP status or null) and an Italian `message`.
 */
export interface AuthApi {
  exchangeCode(request: TokenExchangeRequest, signal?: AbortSignal): Promise<TokenSet>;
  /** Must not try to refresh by itself: a 401 is the machine's to handle. */
  fetchCurrentUser(accessToken: string, signal?: AbortSignal): Promise<User>;
  refreshTokens(refreshToken: string, signal?: AbortSignal): Promise<TokenSet>;
  /** Esci: ends the refresh token's grant at the provider. Must give up after a few seconds, never hang. */
  revokeRefreshToken(refreshToken: string, signal?: AbortSignal): Promise<void>;
}

/** Normalises whatever a call rejected with, so guards can read `status` and views the message. */
export function toAuthFailure(error: unknown): AuthFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && 'message' in error) {
    const { status, message } = error;
    if ((typeof status === 'number' || status === null) && typeof message === 'string' && message !== '') {
      return { status, message };
    }
  }
  return { status: null, message: messages.generic.serverError };
}

async function asAuthFailure<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toAuthFailure(error);
  }
}

export function createAuthActors(api: AuthApi) {
  return {
    exchangeCode: fromPromise<AuthActorOutputs['exchangeCode'], AuthActorInputs['exchangeCode']>(({ input, signal }) =>
      asAuthFailure(api.exchangeCode(input, signal)),
    ),
    loadUser: fromPromise<AuthActorOutputs['loadUser'], AuthActorInputs['loadUser']>(({ input, signal }) =>
      asAuthFailure(api.fetchCurrentUser(input.accessToken, signal)),
    ),
    refreshTokens: fromPromise<AuthActorOutputs['refreshTokens'], AuthActorInputs['refreshTokens']>(({ input, signal }) =>
      asAuthFailure(api.refreshTokens(input.refreshToken, signal)),
    ),
    revokeSession: fromPromise<AuthActorOutputs['revokeSession'], AuthActorInputs['revokeSession']>(async ({ input, signal }) => {
      if (input.refreshToken) await asAuthFailure(api.revokeRefreshToken(input.refreshToken, signal));
    }),
  };
}
