import type { TokenExchangeRequest, TokenSet } from '../../domain/auth.ts';
import type { ApiClient } from './client.ts';

/** Esci: the server ends the session at the identity provider, which comes back to /logout-callback. */
export function logoutUrl(idToken: string | null): string {
  return idToken ? `/api/Jwt/logout?${new URLSearchParams({ id_token_hint: idToken }).toString()}` : '/api/Jwt/logout';
}

export const LOGIN_CALLBACK_PATH = '/login-callback';

export async function exchangeCode(api: ApiClient, request: TokenExchangeRequest, signal?: AbortSignal): Promise<TokenSet> {
  return api<TokenSet>('/api/Jwt/token-exchange', { method: 'POST', body: request, auth: 'none', signal });
}

/** Esci: ends the refresh token's grant at the provider; gives up after 5 seconds so logging out never hangs. */
export async function revokeRefreshToken(api: ApiClient, refreshToken: string, signal?: AbortSignal): Promise<void> {
  const timeout = AbortSignal.timeout(5000);
  await api('/api/Jwt/revoke', {
    method: 'POST',
    body: { refresh_token: refreshToken },
    auth: 'none',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
}

export async function refreshTokens(api: ApiClient, refreshToken: string, signal?: AbortSignal): Promise<TokenSet> {
  return api<TokenSet>('/api/Jwt/refresh', { method: 'POST', body: { refresh_token: refreshToken }, auth: 'none', signal });
}
