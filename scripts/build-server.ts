/**
 * Builds the server that `npm start` runs: `server/main.ts` and everything of ours it imports (server/,
 * domain/, machines/) bundled by esbuild into one ES module, `dist-server/main.mjs`, with its source map; and
 * the embedded database's process (`server/db/embeddedDatabaseProcess.ts`), `dist-server/database.mjs`; and the
 * thread that renders the portal's PDFs, receipts and the Domanda (`server/pdf/renderWorker.ts`),
 * `dist-server/pdf-render.mjs`.
 * Packages stay imports of node_modules (`packages: 'external'`), loaded by Node as usual.
 *
 * Why: run from source, the server carries tsx's compiler and its module hooks in memory for its whole life
 * (about 100 MB of the resident set at rest); the bundle is plain JavaScript that Node loads by itself.
 * `dist-server/` sits one folder below the project, as `server/` does: server/projectRoot.ts finds the
 * migrations, reference data and built client from either.
 *
 * `npm run build` runs this after the client's build; `node --import tsx scripts/build-server.ts` alone
 * rebuilds only the server. tests/support/portalProcess.ts calls `buildServerIfStale()` before starting
 * the built server, so a test or benchmark never runs an older build than the source.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT_DIR = path.join(ROOT, 'dist-server');
/** What `npm start` runs (package.json). */
export const BUILT_SERVER = path.join(SERVER_OUT_DIR, 'main.mjs');
/** esbuild's list of the bundle's inputs, read to tell whether the bundle is older than its source. */
const METAFILE = path.join(SERVER_OUT_DIR, 'meta.json');

export async function buildServer(): Promise<void> {
  const result = await build({
    absWorkingDir: ROOT,
    // The portal, the embedded database's process it starts beside itself (server/db/embeddedDatabase.ts), and the
    // thread that renders PDFs (server/pdf/renderThread.ts).
    entryPoints: {
      main: 'server/main.ts',
      database: 'server/db/embeddedDatabaseProcess.ts',
      'pdf-render': 'server/pdf/renderWorker.ts',
    },
    outdir: SERVER_OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  await mkdir(SERVER_OUT_DIR, { recursive: true });
  // Each file written beside its place and renamed over it: a server starting meanwhile reads the old or the new.
  const files = [
    ...result.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
    { path: METAFILE, contents: JSON.stringify(result.metafile) },
  ];
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
}

/** Whether dist-server/main.mjs exists and no file it was built from changed since. */
export async function builtServerIsCurrent(): Promise<boolean> {
  let metafile: Metafile;
  let builtAt: number;
  try {
    metafile = JSON.parse(await readFile(METAFILE, 'utf8')) as Metafile;
    builtAt = (await stat(BUILT_SERVER)).mtimeMs;
  } catch {
    return false;
  }
  for (const input of Object.keys(metafile.inputs)) {
    const changed = await stat(path.join(ROOT, input)).then(
      (s) => s.mtimeMs > builtAt,
      () => true,
    );
    if (changed) return false;
  }
  return true;
}

/**
 * The arguments `npm start` gives Node after the build (package.json: `npm run build && node <arguments>`), so
 * that tests and benchmarks start the server exactly as `npm start` does, flags included.
 */
export async function startArguments(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = scripts.start?.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  if (command[0] !== 'node' || command.at(-1) !== path.relative(ROOT, BUILT_SERVER))
    throw new Error(`package.json's start script should end with "node … ${path.relative(ROOT, BUILT_SERVER)}": ${scripts.start}`);
  return command.slice(1);
}

/** Builds the server unless the bundle is current; true when it built. */
export async function buildServerIfStale(): Promise<boolean> {
  if (await builtServerIsCurrent()) return false;
  await buildServer();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildServer();
  const { size } = await stat(BUILT_SERVER);
  console.log(
    `server built: ${path.relative(ROOT, BUILT_SERVER)} (${(size / 1024).toFixed(0)} KB) in ${(performance.now() - started).toFixed(0)} ms`,
  );
}
