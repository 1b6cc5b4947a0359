import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as users from './schema/users.ts';
import * as organizations from './schema/organizations.ts';
import * as identity from './schema/identity.ts';
import * as invitations from './schema/invitations.ts';
import * as applications from './schema/applications.ts';
import * as calls from './schema/calls.ts';
import * as attachments from './schema/attachments.ts';
import * as integrations from './schema/integrations.ts';
import * as surveys from './schema/surveys.ts';
import { projectPath } from '../projectRoot.ts';

export const schema = {
  ...users,
  ...organizations,
  ...identity,
  ...invitations,
  ...applications,
  ...calls,
  ...attachments,
  ...integrations,
  ...surveys,
};
export type Schema = typeof schema;
/** Both drivers expose the same query builder; code above this module never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'pglite'; dir: string }
  /** `from`: a database to start from, as `dump()` wrote it (the tests' migrated template); empty when absent. */
  | { kind: 'pglite-memory'; from?: Blob }
  | { kind: 'postgres'; url: string };

/** A connection pool's figures, read when /metrics is scraped. */
export interface PoolStats {
  total(): number;
  idle(): number;
  waiting(): number;
  /** Connections closed by an error since the process started. */
  errors(): number;
}

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
  /** The connection pool's figures for /metrics; none for the tests' in-process PGlite. */
  pool?: PoolStats;
  /** The tests' in-process PGlite only: the whole database as PGlite's data-directory tarball. */
  dump?(): Promise<Blob>;
}

const migrationsFolder = projectPath('server', 'db', 'migrations');

/** Any fixed number: the key of the advisory lock the processes sharing one PostgreSQL migrate under. */
const MIGRATION_LOCK = 4_270_111_829;

/**
 * Several processes starting together on one PostgreSQL would each find the same migrations pending and
 * run them at once (one fails on "already exists"): they take turns under a session advisory lock, and
 * the later ones find nothing left to do.
 */
async function withMigrationLock(pool: pg.Pool, migrate: () => Promise<void>) {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    holder.release();
  }
}

/**
 * Opens the database and applies every committed migration before anything reads it. The portal always speaks
 * to it through node-postgres: PostgreSQL at DATABASE_URL, or the embedded PGlite on DATA_DIR/db, which runs in a
 * process of its own (server/db/embeddedDatabase.ts) and is reached the same way. Only the tests' in-memory
 * database is PGlite in the test's own process, through Drizzle's PGlite driver (started from a copy of the run's
 * migrated database when `from` is given: tests/support/pgliteTemplate.ts); a process on PostgreSQL never loads
 * PGlite.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, 'postgres');
  if (target.kind === 'pglite') {
    const { startEmbeddedDatabase } = await import('./embeddedDatabase.ts');
    const embedded = await startEmbeddedDatabase(target.dir);
    try {
      const database = await openPostgres(embedded.connection, 'pglite');
      return {
        ...database,
        async close() {
          await database.close();
          await embedded.stop();
        },
      };
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = new PGlite(target.from ? { loadDataDir: target.from } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: target.kind, close: () => client.close(), dump: () => client.dumpDataDir('none') };
}

async function openPostgres(connection: string | pg.PoolConfig, kind: 'postgres' | 'pglite'): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const settings = typeof connection === 'string' ? { connectionString: connection } : connection;
  const pool = new pg.Pool({ ...settings, max: 10 });
  // An idle connection the server closes (restart, failover, admin) is dropped and replaced on the next
  // query; without a listener the 'error' event would bring the whole process down.
  let errors = 0;
  pool.on('error', (error) => {
    errors++;
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // A connection ended while checked out (a restart during a transaction, pg_terminate_backend) emits
  // 'error' on the client itself, where the pool listens only while it is idle: listen on every client.
  // The query in flight fails (the request answers 503) and the pool replaces the connection.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      errors++;
      process.emitWarning(`PostgreSQL closed a connection in use: ${error.message}`);
    });
  });
  releaseDeadClients(pool);
  const db = drizzlePg(pool, { schema });
  try {
    await withMigrationLock(pool, () => migratePg(db, { migrationsFolder }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const stats: PoolStats = {
    total: () => pool.totalCount,
    idle: () => pool.idleCount,
    waiting: () => pool.waitingCount,
    errors: () => errors,
  };
  return { db: db as unknown as Db, kind, close: () => pool.end(), pool: stats };
}

/**
 * A client checked out with `pool.connect()` (Drizzle's transactions) whose connection dies goes back to
 * the pool at once, to be discarded: Drizzle never releases it when the failure hits its `begin`, and each
 * such leak would take a connection from the pool for good. Later releases of that client are no-ops.
 */
function releaseDeadClients(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return connect()!.then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(error);
      };
      const onError = (error: Error) => releaseOnce(error);
      client.on('error', onError);
      client.release = releaseOnce;
      return client;
    });
  }) as typeof pool.connect;
}
