/**
 * `npm start`'s first step: builds the client and the server (`npm run build`) only when a file they are made from
 * changed since the last build, so a start after the first one takes a second instead of twenty (issue 46). The
 * server's bundle knows its inputs (esbuild's metafile, `builtServerIsCurrent`); the client's are the folders and
 * files Vite reads, compared with the manifest Vite writes at every build. Changing a dependency (package-lock.json)
 * or the build's own configuration counts as a change.
 */
import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServerIsCurrent } from './build-server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the client's build reads, relative to the project: Vite's entry and configuration, the sources, the public files. */
const CLIENT_INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'src',
  'domain',
  'machines',
  'styles',
  'public',
  'scripts',
];

/** The latest modification time of `entry` and, for a folder, of everything in it; 0 when it does not exist. */
async function latestChange(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const children = await readdir(entry);
  const times = await Promise.all(children.map((child) => latestChange(path.join(entry, child))));
  return Math.max(info.mtimeMs, ...times);
}

/** Whether the built client (`dist/`) is newer than every file its build reads, under `root`. */
export async function builtClientIsCurrent(root: string = ROOT): Promise<boolean> {
  const builtAt = (await stat(path.join(root, 'dist', '.vite', 'manifest.json')).catch(() => null))?.mtimeMs;
  if (builtAt === undefined) return false;
  const changes = await Promise.all(CLIENT_INPUTS.map((input) => latestChange(path.join(root, input))));
  return Math.max(...changes) <= builtAt;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if ((await builtClientIsCurrent()) && (await builtServerIsCurrent())) {
    console.log('build: the client and the server are current, nothing to build');
  } else {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    process.exitCode = built.status ?? 1;
  }
}
