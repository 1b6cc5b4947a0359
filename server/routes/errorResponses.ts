import { apiErrorSchema } from '../../domain/errors.ts';
import { refusalStatuses, type RouteAccess } from '../auth/access.ts';

/** The error statuses routes answer with the error shape. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 502 | 503 | 507;

/**
 * A route's error answers for its response schema: those its declared access may give (401 without a login, 403,
 * the organisation's 400 and 404: server/auth/access.ts), and `also`, the ones its handler gives. Each has the one
 * error shape `{ error, message, field?, issues? }` (domain/errors.ts).
 */
export function errorResponses(
  access: RouteAccess,
  also: readonly ErrorStatus[] = [],
): Partial<Record<ErrorStatus, typeof apiErrorSchema>> {
  const statuses = [...new Set([...refusalStatuses(access), ...also])].sort((a, b) => a - b) as ErrorStatus[];
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
}
