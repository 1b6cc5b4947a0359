import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 46, point 15, on the real build `npm test` has just made: `npm start`'s first step finds the client and the
 * server current and builds nothing (a start used to rebuild everything, about 20 s, every time).
 */
describe('npm start after a build', () => {
  it('starts without building again', () => {
    const manifest = () => statSync('dist/.vite/manifest.json').mtimeMs;
    const server = () => statSync('dist-server/main.mjs').mtimeMs;
    const before = { manifest: manifest(), server: server() };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('the client and the server are current, nothing to build');
    expect({ manifest: manifest(), server: server() }).toEqual(before);
  });
});
