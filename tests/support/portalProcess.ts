import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, startArguments } from '../../scripts/build-server.ts';
import type { SendToPortal } from './providerLogin.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The running children of process `pid` (of any of its threads) whose command line contains `command`: Linux's
 * /proc. The embedded database's process of a portal on PGlite is its child running `database.mjs`.
 */
export function childProcesses(pid: number, command: string): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
    readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(command);
    } catch {
      return false; // ended meanwhile
    }
  });
}

/** Requests to a portal listening at `url`, over HTTP, redirects not followed, as providerLogin expects. */
export function sendOverHttp(url: string): SendToPortal {
  return async (request) => {
    const response = await fetch(`${url}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.payload,
      redirect: 'manual',
    });
    const headers: Record<string, string | string[]> = Object.fromEntries(response.headers.entries());
    headers['set-cookie'] = response.headers.getSetCookie();
    return { statusCode: response.status, headers, body: await response.text() };
  };
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type PortalProcess = Awaited<ReturnType<typeof startPortalProcess>>;

let building: Promise<boolean> | undefined;

/**
 * The real server as `npm start` runs it (`node <flags> dist-server/main.mjs`, read from package.json: the bundle
 * `npm run build` makes, rebuilt first when any of its source files changed since, so a test never runs an older
 * server than the source) as a child process on `port`, with `env` as its whole configuration beside PATH.
 * Resolves once it answers HTTP.
 */
export async function startPortalProcess(
  name: string,
  port: number,
  env: Record<string, string>,
  { readyWithinMs = 240_000, nodeFlags = [] }: { readyWithinMs?: number; nodeFlags?: string[] } = {},
) {
  building ??= buildServerIfStale();
  await building;
  // Flags Node.js refuses in NODE_OPTIONS (a benchmark's --cpu-prof) go before npm start's own.
  const args = [...nodeFlags, ...(await startArguments())];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before listening:\n${output}`);
    try {
      const response = await fetch(`${url}/api/Call/GetCallList`);
      if (response.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer within ${readyWithinMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const send = sendOverHttp(url);

  return {
    name,
    url,
    /** How it was started, as `npm start` starts it after the build. */
    command: `node ${args.join(' ')}`,
    /** The server's process id (benchmarks read its memory from /proc/<pid>/status). */
    pid: child.pid!,
    send,
    output: () => output,
    /** SIGTERM (a graceful stop), SIGKILL if it does not end within 20 s. */
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
