import { z } from 'zod';

/** Canonical textual UUID, checked before any id reaches the database (which would refuse it with an error). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id a route's query or body names an object by, lower-cased. The one declaration of an id's format: a
 * malformed one names nothing, so the server answers it 404 `not_found`, exactly like an id that does not exist
 * (server/errors.ts).
 */
export const idSchema = z
  .string()
  .regex(UUID_PATTERN)
  .overwrite((value) => value.toLowerCase())
  .meta({ format: 'uuid' });

/** Whether a schema's refusal (its code, the pattern it missed) is `idSchema`'s: a malformed id. */
export const isMalformedIdIssue = (code: string, pattern: unknown): boolean =>
  code === 'invalid_format' && pattern === String(UUID_PATTERN);
