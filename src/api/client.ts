import { ofetch } from 'ofetch';
import { statusOf, toApiRequestError } from './errors.ts';
import { SELECTED_ORGANIZATION_HEADER } from '../../domain/selectedOrganization.ts';

/**
 * Which credentials a request carries:
 * - 'session' (default): the current access token; on 401 the token is refreshed once and the request replayed.
 * - 'none': no Authorization header (token exchange, refresh).
 * - { accessToken }: exactly this token and no refresh, for the auth machine, which handles a 401 itself.
 */
export type RequestAuth = 'session' | 'none' | { accessToken: string };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: Record<string, unknown>;
  query?: Record<string, string | number | boolean | undefined>;
  auth?: RequestAuth;
  signal?: AbortSignal;
}

/**
 * Resolves with the parsed JSON body as `T`, the answer's type the caller names; rejects with ApiRequestError.
 * The body is not checked again here: the server serialises every answer through its route's zod response
 * schema (the contract), and tests/api/responseContract.test.ts checks that what it sends is that schema's output.
 */
export type ApiClient = <T = unknown>(path: string, options?: ApiRequestOptions) => Promise<T>;

export interface ApiClientConfig {
  /** '' in the browser: the API shares the SPA's origin. */
  baseURL: string;
  getAccessToken(): string | null;
  getSelectedOrganizationId(): string | null;
  /** Obtains a new access token, or null when the session cannot be renewed. */
  refreshAccessToken(): Promise<string | null>;
  /** Called when a 401 could not be recovered: the person must sign in again. */
  onSessionExpired(): void;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  // Retries are TanStack Query's business; here a request is sent once (plus one replay after a refresh).
  const http = ofetch.create({ baseURL: config.baseURL, retry: 0 });

  // Parallel requests that all meet a 401 share this one refresh.
  let refreshInFlight: Promise<string | null> | null = null;
  function refreshOnce(): Promise<string | null> {
    refreshInFlight ??= config
      .refreshAccessToken()
      .catch(() => null)
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  function send<T>(path: string, options: ApiRequestOptions, accessToken: string | null): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const organizationId = config.getSelectedOrganizationId();
    if (organizationId) headers[SELECTED_ORGANIZATION_HEADER] = organizationId;
    return http<T, 'json'>(path, {
      method: options.method ?? 'GET',
      body: options.body,
      query: options.query,
      signal: options.signal,
      headers,
      responseType: 'json',
    });
  }

  return async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const auth = options.auth ?? 'session';
    const token = auth === 'none' ? null : auth === 'session' ? config.getAccessToken() : auth.accessToken;
    try {
      return await send<T>(path, options, token);
    } catch (error) {
      if (auth !== 'session' || statusOf(error) !== 401) throw toApiRequestError(error);
      // A request that left before another one renewed the token just needs the new token.
      const current = config.getAccessToken();
      const renewed = current !== null && current !== token ? current : await refreshOnce();
      if (renewed === null) {
        config.onSessionExpired();
        throw toApiRequestError(error);
      }
      try {
        return await send<T>(path, options, renewed);
      } catch (replayError) {
        if (statusOf(replayError) === 401) config.onSessionExpired();
        throw toApiRequestError(replayError);
      }
    }
  };
}
