import type { z } from 'zod';
import { messages } from '../../domain/messages.ts';
import { ApiRequestError } from './errors.ts';

/** An answer that does not match the contract is the server's fault, not something to render. */
export function parseResponse<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiRequestError(null, 'invalid_response', messages.generic.serverError);
  return parsed.data;
}
