import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows of a raw aggregate query, on PGlite and node-postgres alike. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
