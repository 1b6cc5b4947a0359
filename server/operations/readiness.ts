import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { operationsMessages } from '../../domain/messages/operations.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/queryRows.ts';
import { projectPath } from '../projectRoot.ts';

const results = operationsMessages.readiness.check;

/** What a dependency answered: 'ok', or one of the catalogue's results (`notConfigured`: an optional one not set up). */
export type CheckResult = 'ok' | (typeof results)[keyof typeof results];

export interface ReadinessReport {
  ready: boolean;
  /** Each part by name: database, migrations, storage, redis (and 'shutdown' while the process drains). */
  checks: Record<string, CheckResult>;
}

export interface ReadinessOptions {
  db: Db;
  /** Resolves when the file storage answers (a readable and writable folder, a reachable bucket). */
  storage: () => Promise<void>;
  /** Resolves when Redis answers; undefined when REDIS_URL is not set. */
  redis?: () => Promise<void>;
  /** How long one dependency may take before it counts as down. */
  timeoutMs?: number;
}

/** Names a failure without its details: no host, no credentials, no SQL in an unauthenticated answer. */
class CheckTimeout extends Error {}

function withTimeout(check: () => Promise<unknown>, ms: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  return Promise.race([check(), timeout])
    .then(() => 'ok' as const)
    .catch((error: unknown) => (error instanceof CheckTimeout ? results.noAnswer : results.unreachable))
    .finally(() => clearTimeout(timer));
}

/** How many migrations this build ships: the database is ready only once all of them are applied. */
async function shippedMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(projectPath('server', 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * /readyz: whether this process can serve people now. The database answers and holds every migration this
 * build ships, the file storage answers, Redis answers when configured, and the process is not shutting down.
 * Each part has its own time limit, so a dependency that hangs makes the answer 503, not slow.
 */
export function createReadiness({ db, storage, redis, timeoutMs = 2000 }: ReadinessOptions) {
  let draining = false;
  const expectedMigrations = shippedMigrations();
  const migrationsApplied = async () => {
    const expected = await expectedMigrations;
    const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    if ((row?.count ?? 0) < expected) throw new Error('migrations missing');
  };

  return {
    /** From now on /readyz answers 503: the balancer stops sending new requests here. */
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async check(): Promise<ReadinessReport> {
      const [database, storageResult, redisResult] = await Promise.all([
        withTimeout(() => db.execute(sql`select 1`), timeoutMs),
        withTimeout(storage, timeoutMs),
        redis ? withTimeout(redis, timeoutMs) : Promise.resolve<CheckResult>(results.notConfigured),
      ]);
      const migrations = database === 'ok' ? await withTimeout(migrationsApplied, timeoutMs) : results.notCheckable;
      const checks: Record<string, CheckResult> = { database, migrations, storage: storageResult, redis: redisResult };
      if (draining) checks.shutdown = results.shuttingDown;
      const ready = !draining && Object.values(checks).every((result) => result === 'ok' || result === results.notConfigured);
      return { ready, checks };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
