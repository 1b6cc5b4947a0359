import type { FastifyReply } from 'fastify';
import { RateLimitExceeded } from '../rateLimits/rateLimiter.ts';

/** One of the provider's own pages: HTML, never cached (each carries a form or a one-time answer). */
export function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * Runs the rate-limit checks of a page's request: true when they pass; when one is passed, answers 429 with
 * Retry-After and the page showing the limit's Italian message, and returns false (the request was answered).
 */
export async function withinLimits(reply: FastifyReply, checks: () => Promise<void>, page: (error: string) => string): Promise<boolean> {
  try {
    await checks();
    return true;
  } catch (error) {
    if (!(error instanceof RateLimitExceeded)) throw error;
    reply.header('retry-after', String(error.retryAfterSeconds));
    sendHtml(reply, 429, page(error.message));
    return false;
  }
}
