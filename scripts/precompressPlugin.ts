import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files served as text (fonts and images are compressed formats already; source maps are not served). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files fit in a packet either way. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes `file.br` (Brotli, best quality) and `file.gz` (gzip -9) beside it, each only when it is smaller. */
export async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    gzipped(content, { level: 9 }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Compresses the built client once, at build time, so the server sends each file as Brotli or gzip without
 * spending CPU per request (server/delivery/staticClient.ts picks the variant the browser accepts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portale:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`) && (await stat(file)).size >= MIN_BYTES)
          work.push(precompressFile(file));
      }
      await Promise.all(work);
    },
  };
}
