import { z } from 'zod';
import { UUID_PATTERN } from './uuid.ts';

/**
 * An id a route's query or body names an object by, lower-cased. The one declaration of an id's format: a
 * malformed one names nothing, so the server answers it 404 `not_found`, exactly like an id that does not exist
 * (server/errors.ts). Apart from `uuid.ts` so that the pattern alone, which the browser's first load reads, does not
 * bring zod with it.
 */
export const idSchema = z
  .string()
  .regex(UUID_PATTERN)
  .overwrite((value) => value.toLowerCase())
  .meta({ format: 'uuid' });

/** Whether a schema's refusal (its code, the pattern it missed) is `idSchema`'s: a malformed id. */
export const isMalformedIdIssue = (code: string, pattern: unknown): boolean =>
  code === 'invalid_format' && pattern === String(UUID_PATTERN);
