import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { chunkHolding, DIST, manifest, routeChunk, staticClosure } from '../tests/e2e/support/buildManifest.ts';

const keys = ['index.html', 'src/App.tsx', ...process.argv.slice(2).map((f) => routeChunk(f))].map((k) => chunkHolding(k) ?? k);
const chunks = new Set<string>();
for (const key of keys) staticClosure(key, chunks);
const bySource = new Map<string, number>();
let total = 0;
for (const key of chunks) {
  const file = manifest[key]!.file;
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(path.join(DIST, file), 'utf8');
  const gz = gzipSync(code).length;
  total += gz;
  console.log('chunk', file, (gz / 1024).toFixed(1), 'KB gz');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(path.join(DIST, file + '.map'), 'utf8')));
  const lines = code.split('\n');
  lines.forEach((line, li) => {
    let last = 0; let lastSrc = '';
    for (let col = 0; col <= line.length; col += 40) {
      const pos = map.originalPositionFor({ line: li + 1, column: col });
      const src = pos.source ?? '?';
      bySource.set(src, (bySource.get(src) ?? 0) + 40);
    }
  });
}
console.log('total gz', (total / 1024).toFixed(1));
const rows = [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 60);
for (const [s, n] of rows) console.log((n / 1024).toFixed(1).padStart(7), s.replace(/.*node_modules\//, 'nm/'));
