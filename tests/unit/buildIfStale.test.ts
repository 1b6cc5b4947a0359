// @vitest-environment node
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtClientIsCurrent } from '../../scripts/build-if-stale.ts';

/**
 * Issue 46, point 15: `npm start` builds the client only when a file its build reads changed since the last build.
 * A project laid out in a temporary folder, its files dated as the test says.
 */
function project(): { root: string; at(file: string, seconds: number): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'pf-build-'));
  const at = (file: string, seconds: number) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file);
    utimesSync(full, seconds, seconds);
    // A folder's own time is its last added entry's: kept old, so only the files' times count here.
    for (let folder = path.dirname(full); folder.startsWith(root) && folder !== root; folder = path.dirname(folder))
      utimesSync(folder, 1, 1);
  };
  return { root, at };
}

describe('the client build is current', () => {
  it('not before the first build', async () => {
    const { root, at } = project();
    at('src/main.tsx', 100);
    expect(await builtClientIsCurrent(root)).toBe(false);
  });

  it('after a build newer than every source, public file and configuration', async () => {
    const { root, at } = project();
    at('src/features/funds/FundCard.tsx', 100);
    at('domain/messages.ts', 100);
    at('public/modelli/informativa-privacy.pdf', 100);
    at('vite.config.ts', 100);
    at('dist/.vite/manifest.json', 200);
    expect(await builtClientIsCurrent(root)).toBe(true);
  });

  it.each([
    'src/features/funds/FundCard.tsx',
    'domain/messages.ts',
    'machines/auth/auth.machine.ts',
    'styles/theme.css.ts',
    'public/favicon.svg',
    'package-lock.json',
    'index.html',
  ])('no longer once %s changed after the build', async (changed) => {
    const { root, at } = project();
    at('src/main.tsx', 100);
    at('dist/.vite/manifest.json', 200);
    at(changed, 300);
    expect(await builtClientIsCurrent(root)).toBe(false);
  });
});
