import { apiErrorSchema } from '../../domain/errors.ts';
import { messages } from '../../domain/messages.ts';

/**
 * Every failed API call ends as this error: `message` is Italian and can be shown as it is;
 * `status` is null when no answer came back (offline, server down).
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number | null;
  readonly code: string | null;

  constructor(status: number | null, code: string | null, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function messageForStatus(status: number): string {
  if (status === 401) return messages.auth.unauthorized;
  if (status === 403) return messages.auth.forbidden;
  if (status >= 500) return messages.generic.serverError;
  return messages.generic.badRequest;
}

/** Reads ofetch's FetchError (status + parsed body) without depending on its class identity. */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  const status = statusOf(error);
  if (status === null) return new ApiRequestError(null, null, messages.generic.network);
  const body = apiErrorSchema.safeParse((error as { data?: unknown }).data);
  return body.success
    ? new ApiRequestError(status, body.data.error, body.data.message)
    : new ApiRequestError(status, null, messageForStatus(status));
}

export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  if (typeof status === 'number') return status;
  return typeof statusCode === 'number' ? statusCode : null;
}
