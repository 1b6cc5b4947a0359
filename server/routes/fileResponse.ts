import type { Readable } from 'node:stream';
import { z } from 'zod';

/** A file's bytes, as a handler sends them (a stream), described as binary for the OpenAPI document. */
const fileBytes = z.custom<Readable>().meta({ type: 'string', format: 'binary' });

/**
 * A success whose body is a file streamed as bytes rather than JSON: its media types, each with a binary
 * schema, for the OpenAPI document. Fastify serialises nothing here (a stream is sent as it is).
 */
export function fileResponse(description: string, contentTypes: readonly string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((contentType) => [contentType, { schema: fileBytes }])) };
}
