import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbeddedDatabaseMessage } from './embeddedDatabaseProcess.ts';

/**
 * The embedded database (PGlite on DATA_DIR/db) in a process of its own, server/db/embeddedDatabaseProcess.ts,
 * reached over a Unix socket in a directory only this user can enter. The portal starts it, restarts it if it
 * dies (the requests in flight answer 503 meanwhile, as during a PostgreSQL restart), and stops it last.
 */
export interface EmbeddedDatabase {
  /** node-postgres's settings for it: the socket's directory as host, as for a local PostgreSQL. */
  connection: { host: string; port: number; user: string; database: string };
  /** The process serving it now (a new one after a restart). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/** PostgreSQL's default port: node-postgres looks for `<host>/.s.PGSQL.<port>`. */
const SOCKET_PORT = 5432;
/** Restarts allowed within RESTART_WINDOW_MS before the portal gives up on the embedded database. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** How long the database has to close its data directory cleanly before it is killed. */
const STOP_GRACE_MS = 10_000;

/** The process's module: the bundle's sibling when the portal runs built (dist-server/), the source otherwise. */
function processModule(): { modulePath: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return {
      modulePath: fileURLToPath(new URL('./embeddedDatabaseProcess.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
    };
  }
  return { modulePath: fileURLToPath(new URL('./database.mjs', import.meta.url)), execArgv: [] };
}

async function launch(dataDir: string, socketPath: string): Promise<ChildProcess> {
  // The first start creates the data directory in a process of its own (embeddedDatabaseProcess.ts says why).
  for (;;) {
    const outcome = await launchOnce(dataDir, socketPath);
    if (outcome !== 'created') return outcome;
  }
}

function launchOnce(dataDir: string, socketPath: string): Promise<ChildProcess | 'created'> {
  const { modulePath, execArgv } = processModule();
  const child = fork(modulePath, [], {
    execArgv,
    env: { ...process.env, EMBEDDED_DB_DIR: dataDir, EMBEDDED_DB_SOCKET: socketPath },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let created = false;
    const onExit = (code: number | null) => {
      if (created) resolve('created');
      else reject(new Error(`il processo del database integrato è terminato all'avvio (codice ${code})`));
    };
    child.once('exit', onExit);
    child.on('message', (message: EmbeddedDatabaseMessage) => {
      if (message.created) created = true;
      else if (message.ready) {
        child.off('exit', onExit);
        resolve(child);
      } else if (message.error) {
        child.off('exit', onExit);
        child.kill('SIGKILL');
        reject(new Error(`il database integrato non si è avviato: ${message.error}`));
      }
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/** Starts PGlite on `dataDir` in its own process; resolves once it accepts connections. */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  // mkdtemp creates the directory readable by this user only: nobody else reaches the socket inside.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'portale-db-'));
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  let child: ChildProcess;
  try {
    child = await launch(dataDir, socketPath);
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  let stopping = false;
  const restarts: number[] = [];

  const supervise = (running: ChildProcess) => {
    running.once('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        process.emitWarning(`Il database integrato si è fermato ${restarts.length} volte in un minuto: non viene riavviato.`);
        return;
      }
      process.emitWarning(`Il database integrato si è fermato (${signal ?? `codice ${code}`}): riavvio in corso.`);
      launch(dataDir, socketPath).then(
        (next) => {
          child = next;
          if (stopping) void stopProcess(next);
          else supervise(next);
        },
        (error: Error) => process.emitWarning(error.message),
      );
    });
  };
  supervise(child);

  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    pid: () => child.pid,
    async stop() {
      stopping = true;
      await stopProcess(child);
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
