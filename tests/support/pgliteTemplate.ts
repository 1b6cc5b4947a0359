import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the run's freshly migrated PGlite database; '' on PostgreSQL (npm run test:pg). */
    pgliteTemplate: string;
  }
}

/**
 * The database a test starts from when it runs on PGlite: a copy of the one this run's global setup migrated, or
 * undefined outside such a run (the benches), where the database is created and migrated as the portal does it.
 * Starting PGlite from an empty directory runs PostgreSQL's initdb, several seconds of one core each time; a copy
 * of an initialised and migrated database opens in a fraction of that. The migrations still run on the copy (and
 * find nothing left to do), so a test never meets a schema other than the committed migrations'.
 */
export function pgliteTemplate(): Blob | undefined {
  let file: string;
  try {
    file = inject('pgliteTemplate');
  } catch {
    return undefined;
  }
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/** Vitest global setup of the projects that open test databases: migrates one PGlite database for the whole run. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite-memory' });
  const file = join(tmpdir(), `pglite-template-${process.pid}-${randomUUID()}.tar`);
  try {
    writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
