// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles } from '../../scripts/import-cycles.ts';

let folders: string[] = [];
afterEach(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders = [];
});

/** A repository of its own with only the given modules. */
function repository(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  folders.push(folder);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

// The project itself is checked by `npm run lint` (scripts/static-checks.ts, `cycles`); these show the check bites.
// dpdm loads TypeScript's parser on its first call: seconds on a busy machine.
describe('import circles', { timeout: 30_000 }, () => {
  it('finds a circle closed by a type-only import', async () => {
    const folder = repository({
      'server/rows.ts':
        "import { total } from './sums.ts';\nexport interface Row { n: number }\nexport const twice = (row: Row) => total([row, row]);\n",
      'server/sums.ts':
        "import type { Row } from './rows.ts';\nexport const total = (rows: Row[]) => rows.reduce((sum, row) => sum + row.n, 0);\n",
    });
    expect(await importCycles(folder)).toEqual([['server/rows.ts', 'server/sums.ts']]);
  });

  it('finds a circle across folders and through a lazy import()', async () => {
    const folder = repository({
      'src/ui/Menu.tsx': "export const load = () => import('../popover/Popover.tsx');\nexport type Focus = 'first';\n",
      'src/popover/Popover.tsx': "import type { Focus } from '../ui/Menu.tsx';\nexport const focus: Focus = 'first';\n",
    });
    expect(await importCycles(folder)).toEqual([['src/popover/Popover.tsx', 'src/ui/Menu.tsx']]);
  });

  it('accepts modules that share a type through a third one, and ignores folders it does not check', async () => {
    const folder = repository({
      'server/row.ts': 'export interface Row { n: number }\n',
      'server/a.ts': "import type { Row } from './row.ts';\nimport { b } from './b.ts';\nexport const a = (row: Row) => b(row);\n",
      'server/b.ts': "import type { Row } from './row.ts';\nexport const b = (row: Row) => row.n;\n",
      'tests/x.ts': "import { y } from './y.ts';\nexport const x = () => y;\n",
      'tests/y.ts': "import { x } from './x.ts';\nexport const y = () => x;\n",
    });
    expect(await importCycles(folder)).toEqual([]);
  });
});
