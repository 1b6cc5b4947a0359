import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The client build as the bundle tests read it: Vite's build manifest (vite.config.ts: build.manifest), which
 * chunk each page downloads statically and which it loads later. `npm test` builds before the e2e project.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));
const ROOT = path.dirname(DIST);
const manifestFile = path.join(DIST, '.vite', 'manifest.json');

/** Whether the client is built; the tests say "run npm run build first" when it is not. */
export const built = existsSync(manifestFile);
export const manifest: Record<string, ManifestChunk> = built ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};

/** Every chunk a page loads before rendering: its own and, transitively, what it imports statically. */
export function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/**
 * The manifest key of a route file's page chunk (TanStack Router's automatic code splitting): its component and its
 * loader, split together (vite.config.ts, codeSplittingOptions).
 */
export const routeChunk = (route: string) => `src/routes/${route}?tsr-split=component---loader`;

/** The text of the chunks' files, together. */
export const chunkCode = (keys: Iterable<string>) =>
  [...keys].map((key) => readFileSync(path.join(DIST, manifest[key]!.file), 'utf8')).join('\n');

/** The modules a chunk holds, as its source map lists them, from the project's root ('src/App.tsx', 'node_modules/…'). */
export function chunkSources(key: string): string[] {
  const map = `${path.join(DIST, manifest[key]!.file)}.map`;
  if (!existsSync(map)) return [];
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  return sources.map((source) =>
    path
      .relative(ROOT, path.resolve(path.dirname(map), source))
      .split(path.sep)
      .join('/'),
  );
}

let holders: Map<string, string> | undefined;

/**
 * The manifest key of the chunk that holds a module ('src/App.tsx', a route's `?tsr-split=component`): the
 * module's own key when it starts a chunk, else the chunk whose source map lists it — vite.config.ts's
 * `codeSplitting.groups` put some modules (the portal's shell, the signed-in layout) into a shared chunk, keyed
 * by the group. undefined when no chunk holds it (a route file without a component).
 */
export function chunkHolding(module: string): string | undefined {
  if (manifest[module]) return module;
  if (holders === undefined) {
    holders = new Map();
    for (const key of Object.keys(manifest)) {
      if (!manifest[key]!.file.endsWith('.js')) continue;
      for (const source of chunkSources(key)) if (!holders.has(source)) holders.set(source, key);
    }
  }
  return holders.get(module);
}
