/**
 * The embedded database's own process: PGlite on the data directory, served over PostgreSQL's wire protocol on a
 * Unix socket (server/db/wireServer.ts). Started and supervised by the portal (server/db/embeddedDatabase.ts),
 * never by hand: it reads the data directory and the socket's path from its environment, tells its parent when it
 * listens, and stops when told (SIGTERM) or when its parent is gone.
 *
 * Why a process of its own: PGlite is PostgreSQL compiled to WebAssembly, about 270 MB of memory and one thread.
 * In the portal's process it weighed on every request and on the heavy exports' memory; here the portal reaches it
 * through node-postgres as it reaches PostgreSQL, with one code path for both.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { serveOverWire } from './wireServer.ts';

export interface EmbeddedDatabaseMessage {
  /** Listening on the socket. */
  ready?: true;
  /** Created a new data directory and stopped: start again to serve it. */
  created?: true;
  error?: string;
}

const dataDir = process.env.EMBEDDED_DB_DIR;
const socketPath = process.env.EMBEDDED_DB_SOCKET;
if (!dataDir || !socketPath || !process.send) {
  console.error('embeddedDatabaseProcess: started without EMBEDDED_DB_DIR, EMBEDDED_DB_SOCKET and an IPC channel');
  process.exit(2);
}

/** Resolves once the message has left for the parent (before a `process.exit` that would drop it). */
function tell(message: EmbeddedDatabaseMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, () => resolve()));
}

/**
 * PGlite has no lock of its own, and two processes writing one data directory would corrupt it: this process
 * takes `<dataDir>.lock` (its pid inside), left behind only by a process that was killed, and then taken over.
 */
function lockDataDirectory(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `la cartella ${dir} è già in uso dal processo ${holder}: fermare l'altro portale (o seed) prima di avviarne un altro.`,
      );
    }
    rmSync(lockFile, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * How long a connection may keep a transaction open without a word while every other connection waits for
 * PGlite's one session; PostgreSQL's idle_in_transaction_session_timeout, which the portal never needs to reach
 * (its transactions run their statements one after the other). EMBEDDED_DB_IDLE_IN_TRANSACTION_MS for tests.
 */
const IDLE_IN_TRANSACTION_MS = Number(process.env.EMBEDDED_DB_IDLE_IN_TRANSACTION_MS ?? 60_000);

// The terminal's Ctrl-C reaches the whole process group: the portal stops first, then stops this process.
process.on('SIGINT', () => undefined);

try {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const unlock = lockDataDirectory(dataDir);
  process.once('exit', unlock);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // Creating a data directory (PostgreSQL's initdb, in WebAssembly) leaves about 500 MB of memory behind
    // that a WebAssembly instance never gives back: this process creates it and ends, and the next one serves it.
    mkdirSync(dataDir, { recursive: true });
    await (await PGlite.create(dataDir)).close();
    await tell({ created: true });
    process.exit(0);
  }
  // A socket file left by a process that was killed would make listen() fail with EADDRINUSE.
  rmSync(socketPath, { force: true });
  const pglite = await PGlite.create(dataDir);
  const wire = await serveOverWire(
    pglite,
    { path: socketPath },
    {
      idleInTransactionMs: IDLE_IN_TRANSACTION_MS,
      onFailure(error) {
        // The parent starts a new process on the same directory (server/db/embeddedDatabase.ts).
        console.error(`Il database integrato ha avuto un errore interno e si riavvia: ${error.message}`);
        process.exit(70);
      },
    },
  );
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await wire.close();
      await pglite.close();
      rmSync(socketPath, { force: true });
      // The socket's private directory, when the portal was gone before it could remove it (rmdir: only if empty).
      try {
        rmdirSync(path.dirname(socketPath));
      } catch {
        // not empty, or removed already by the portal
      }
      process.exit(0);
    })());
  process.once('SIGTERM', () => void stop());
  process.once('disconnect', () => void stop());
  await tell({ ready: true });
} catch (error) {
  await tell({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
