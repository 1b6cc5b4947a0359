import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { pgliteTemplate } from './pgliteTemplate.ts';

/**
 * An empty throwaway database on the PostgreSQL server named by `serverUrl` (DATABASE_URL): its URL, and
 * `drop` to remove it (connections still open to it are ended).
 */
export async function createThrowawayDatabase(serverUrl: string) {
  const name = `pf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database with the real migrations applied: in-memory PGlite by default (a copy of the run's migrated
 * template, see pgliteTemplate.ts), or a throwaway database on the PostgreSQL server named by DATABASE_URL
 * (npm run test:pg), dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite-memory', from: pgliteTemplate() });

  const throwaway = await createThrowawayDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}
