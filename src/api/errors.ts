import { messages } from '../../domain/messages.ts';
import type { ApiErrorBody } from '../../domain/errors.ts';
import type { FieldMessage } from '../../domain/validation.ts';

/**
 * Every failed API call ends as this error: `message` is Italian and can be shown as it is;
 * `status` is null when no answer came back (offline, server down).
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number | null;
  readonly code: string | null;
  /** Every field a validation error (400) names, so a form can mark each one; empty otherwise. */
  readonly issues: readonly FieldMessage[];

  /** `cause`: what the client threw (ofetch's FetchError, with the answer's headers), for a caller that needs more. */
  constructor(status: number | null, code: string | null, message: string, issues: readonly FieldMessage[] = [], cause?: unknown) {
    super(message, { cause });
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

function messageForStatus(status: number): string {
  if (status === 401) return messages.auth.unauthorized;
  if (status === 403) return messages.auth.forbidden;
  if (status >= 500) return messages.generic.serverError;
  return messages.generic.badRequest;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isFieldMessage = (value: unknown): value is FieldMessage =>
  typeof value === 'object' && value !== null && isString((value as FieldMessage).field) && isString((value as FieldMessage).message);

/**
 * The API's error body (`{ error, message, field?, issues? }`, domain/errors.ts), or null for anything else: an
 * error can come from a proxy or a gateway as well as from our server, so it is checked before its message is shown.
 * A hand check rather than apiErrorSchema, which would bring zod into every page's first load.
 */
export function errorBodyOf(data: unknown): ApiErrorBody | null {
  if (typeof data !== 'object' || data === null) return null;
  const { error, message, field, issues } = data as Record<string, unknown>;
  if (!isString(error) || !isString(message)) return null;
  if (field !== undefined && !isString(field)) return null;
  if (issues !== undefined && !(Array.isArray(issues) && issues.every(isFieldMessage))) return null;
  return {
    error,
    message,
    ...(field === undefined ? {} : { field }),
    ...(issues === undefined ? {} : { issues: issues.map(({ field, message }: FieldMessage) => ({ field, message })) }),
  };
}

/** Reads ofetch's FetchError (status + parsed body) without depending on its class identity. */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  const status = statusOf(error);
  if (status === null) return new ApiRequestError(null, null, messages.generic.network);
  const body = errorBodyOf((error as { data?: unknown }).data);
  if (body === null) return new ApiRequestError(status, null, messageForStatus(status));
  const { error: code, message, field, issues } = body;
  return new ApiRequestError(status, code, message, issues ?? (field === undefined ? [] : [{ field, message }]), error);
}

export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  if (typeof status === 'number') return status;
  return typeof statusCode === 'number' ? statusCode : null;
}
