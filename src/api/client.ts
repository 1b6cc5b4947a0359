import { ofetch } from 'ofetch';
import { statusOf, toApiRequestError } from './errors.ts';
import { messages } from '../../domain/messages.ts';
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

/** A file the API answered (an Excel, an attachment, a zip) and the name its Content-Disposition gives, if any. */
export interface DownloadedBody {
  blob: Blob;
  contentDisposition: string | null;
}

export interface ApiClient {
  /**
   * Resolves with the parsed JSON body as `T`, the answer's type the caller names; rejects with ApiRequestError.
   * The body is not checked again here: the server serialises every answer through its route's zod response
   * schema (the contract), and tests/api/responseContract.test.ts checks that what it sends is that schema's output.
   */
  <T = unknown>(path: string, options?: ApiRequestOptions): Promise<T>;
  /**
   * The answer's bytes, with the same credentials and the same renewal on 401 as every other call. Rejects with
   * ApiRequestError carrying the server's Italian message when the answer is an error.
   */
  download(path: string, options?: ApiRequestOptions): Promise<DownloadedBody>;
}

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

  function headersFor(accept: string, accessToken: string | null): Record<string, string> {
    const headers: Record<string, string> = { Accept: accept };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const organizationId = config.getSelectedOrganizationId();
    if (organizationId) headers[SELECTED_ORGANIZATION_HEADER] = organizationId;
    return headers;
  }

  /** Sends with the session's token; after a 401, once more with a renewed one. Rejects with what `send` threw. */
  async function withCredentials<R>(auth: RequestAuth, send: (accessToken: string | null) => Promise<R>): Promise<R> {
    const token = auth === 'none' ? null : auth === 'session' ? config.getAccessToken() : auth.accessToken;
    try {
      return await send(token);
    } catch (error) {
      if (auth !== 'session' || statusOf(error) !== 401) throw error;
      // A request that left before another one renewed the token just needs the new token.
      const current = config.getAccessToken();
      const renewed = current !== null && current !== token ? current : await refreshOnce();
      if (renewed === null) {
        config.onSessionExpired();
        throw error;
      }
      try {
        return await send(renewed);
      } catch (replayError) {
        if (statusOf(replayError) === 401) config.onSessionExpired();
        throw replayError;
      }
    }
  }

  function fetchOptions(options: ApiRequestOptions) {
    return { method: options.method ?? 'GET', body: options.body, query: options.query, signal: options.signal };
  }

  async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    try {
      return await withCredentials(options.auth ?? 'session', (accessToken) =>
        http<T, 'json'>(path, { ...fetchOptions(options), headers: headersFor('application/json', accessToken), responseType: 'json' }),
      );
    } catch (error) {
      throw toApiRequestError(error);
    }
  }

  async function download(path: string, options: ApiRequestOptions = {}): Promise<DownloadedBody> {
    try {
      const response = await withCredentials(options.auth ?? 'session', (accessToken) =>
        http.raw<Blob, 'blob'>(path, { ...fetchOptions(options), headers: headersFor('*/*', accessToken), responseType: 'blob' }),
      );
      return { blob: response._data ?? new Blob([]), contentDisposition: response.headers.get('content-disposition') };
    } catch (error) {
      if (options.signal?.aborted) throw new DOMException(messages.generic.downloadCancelled, 'AbortError');
      throw toApiRequestError(await withJsonData(error));
    }
  }

  return Object.assign(request, { download });
}

/** An error answer to a download arrives as a Blob: read it as the JSON error body it is, for its message. */
async function withJsonData(error: unknown): Promise<unknown> {
  const data = (error as { data?: unknown } | null)?.data;
  if (!(data instanceof Blob)) return error;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await data.text());
  } catch {
    parsed = undefined;
  }
  return { status: statusOf(error), data: parsed };
}
