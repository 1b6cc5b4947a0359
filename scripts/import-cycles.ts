/**
 * No import circles in the code that ships (issue 47): a module that imports, even only a type from, a module that
 * imports it back makes the two one unit that cannot be read, tested or loaded apart, and with values it makes the
 * load order decide what is still `undefined`. Run by `npm run lint` and `npm test`'s static checks.
 *
 * The graph comes from dpdm (TypeScript's own parser): static imports, `import type` and re-exports, and dynamic
 * `import()` too, since a lazily loaded chunk that imports its loader back is the same circle.
 */
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';

/** The folders whose modules must form no circle. */
export const CHECKED_FOLDERS = ['server', 'src', 'domain', 'machines'] as const;

/**
 * Each circle found among the modules under `folders` of `root`: the paths (from `root`) of its modules, each importing
 * the next and the last the first.
 */
export async function importCycles(root: string, folders: readonly string[] = CHECKED_FOLDERS): Promise<string[][]> {
  const tree = await parseDependencyTree(
    folders.map((folder) => `${folder}/**/*.{ts,tsx}`),
    { cwd: root, context: root, transform: false, skipDynamicImports: false },
  );
  return parseCircular(tree).map((found) => {
    const cycle = found.map((file) => path.relative(root, path.resolve(root, file)));
    // The same circle whatever file the walk entered it by: from its first module in alphabetical order.
    const first = cycle.indexOf([...cycle].sort()[0]!);
    return [...cycle.slice(first), ...cycle.slice(0, first)];
  });
}

async function main(): Promise<number> {
  const cycles = await importCycles(process.cwd());
  if (cycles.length === 0) return 0;
  console.error(`import-cycles: ${cycles.length} import circle(s); each module imports the next, the last imports the first:`);
  for (const cycle of cycles) console.error(`  ${cycle.join(' -> ')}`);
  console.error('Move the shared types beside their tables (server/db/schema/*) or into a small module both import.');
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
