import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Stately's inspector is for development only (src/devtools/inspect.ts, `npm run dev` with ?inspect): the
// production build (`npm run build`, which npm test runs before this project) must contain none of it.

const assetsDir = new URL('../../dist/assets/', import.meta.url);
const scripts = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
const manifest = readFileSync(new URL('../../dist/.vite/manifest.json', import.meta.url), 'utf8');

// Strings the inspector's code carries whatever the minifier does: the window it opens and the page it loads.
const inspectorSource = readFileSync(new URL('../../node_modules/@statelyai/inspect/dist/index.mjs', import.meta.url), 'utf8');
const signatures = ['xstateinspector', 'https://stately.ai/inspect'];

describe('the production build has no inspector', () => {
  it('knows the inspector by strings its code really contains', () => {
    for (const signature of signatures) expect(inspectorSource).toContain(signature);
  });

  it('has no chunk of @statelyai/inspect', () => {
    expect(scripts.length).toBeGreaterThan(0);
    expect(manifest).not.toContain('@statelyai/inspect');
  });

  it.each(signatures)('no script contains %s', (signature) => {
    const carrying = scripts.filter((name) => readFileSync(new URL(name, assetsDir), 'utf8').includes(signature));
    expect(carrying).toEqual([]);
  });
});
