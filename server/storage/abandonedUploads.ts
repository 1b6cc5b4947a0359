import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from './fileStorage.ts';

const HOUR = 60 * 60 * 1000;

export interface AbandonedUploadsSweep {
  /** One sweep now; resolves with how many leftovers were removed (errors are logged, never thrown). */
  runOnce(): Promise<number>;
  stop(): void;
}

/**
 * Removes what uploads interrupted by a crash or a kill left in the store, once at start and then every
 * `everyMs`: anything untouched for `olderThanMs` (an hour by default, far longer than a stalled upload
 * waits before its connection is dropped). Several processes may sweep the same store: removing is idempotent.
 */
export function sweepAbandonedUploads(
  storage: FileStorage,
  log: FastifyBaseLogger,
  { everyMs = HOUR, olderThanMs = HOUR }: { everyMs?: number; olderThanMs?: number } = {},
): AbandonedUploadsSweep {
  async function runOnce() {
    try {
      const removed = await storage.sweepAbandoned(olderThanMs);
      if (removed > 0) log.info({ removed }, 'abandoned partial uploads removed');
      return removed;
    } catch (err) {
      log.warn({ err }, 'sweep of abandoned uploads failed');
      return 0;
    }
  }
  void runOnce();
  const timer = setInterval(() => void runOnce(), everyMs);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
