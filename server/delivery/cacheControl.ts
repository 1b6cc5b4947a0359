import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ by its content: a new build gives new names, so they never go stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files kept under a fixed name (index.html, favicon.svg): the browser asks again each time (304 if unchanged). */
export const REVALIDATE = 'no-cache';
/** API answers belong to one person and change with every save: never reused without asking. */
export const API_DEFAULT = 'private, no-cache';

/** The cache policy of a file of the built client. */
export function cacheControlFor(file: string): string {
  return file.split(path.sep).includes('assets') ? IMMUTABLE : REVALIDATE;
}

/** Every answer of `api` without a policy of its own (a route may set one, e.g. with an ETag) gets API_DEFAULT. */
export function defaultApiCacheControl(api: FastifyInstance) {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', API_DEFAULT);
    return payload;
  });
}
