import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response body serialised once, with its strong validator. */
export interface CachedJson {
  body: string;
  etag: string;
}

export function cachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/"x" matches "x". */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Reference data changes only with a release: the browser may keep it a day (private: these answers are
 * behind authentication) and revalidate with If-None-Match for a body-less 304.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson): void {
  reply.header('cache-control', 'private, max-age=86400').header('etag', cached.etag);
  if (matches(request.headers['if-none-match'], cached.etag)) reply.code(304).send();
  else reply.type('application/json; charset=utf-8').send(cached.body);
}
