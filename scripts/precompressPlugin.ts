import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);

/** Past 5 iterations Zopfli's output shrinks by bytes for seconds more. */
const ZOPFLI_OPTIONS = { numiterations: 5 };

type Gzip = (content: Uint8Array) => Promise<Uint8Array>;

/** Zopfli on this thread (WebAssembly, synchronous): for a file or two. */
const zopfliHere: Gzip = (content) => gzipAsync(content, ZOPFLI_OPTIONS);

/**
 * Zopfli on `size` worker threads, for the whole build: each takes the next file when it is free, so one large
 * file does not hold up the rest. `close` ends the threads.
 */
function zopfliWorkers(size: number): { gzip: Gzip; close(): Promise<void> } {
  const zopfli = createRequire(import.meta.url).resolve('@gfx/zopfli');
  const source = `
    const { parentPort } = require('node:worker_threads');
    const { gzipAsync } = require(${JSON.stringify(zopfli)});
    parentPort.on('message', async (content) => parentPort.postMessage(await gzipAsync(content, ${JSON.stringify(ZOPFLI_OPTIONS)})));`;
  const queue: { content: Uint8Array; resolve(gz: Uint8Array): void; reject(error: unknown): void }[] = [];
  const idle: Worker[] = [];
  const next = (worker: Worker) => {
    const job = queue.shift();
    if (job === undefined) return void idle.push(worker);
    const done = (error: unknown, gz?: Uint8Array) => {
      worker.off('message', onMessage).off('error', onError);
      if (gz === undefined) job.reject(error);
      else job.resolve(gz);
      next(worker);
    };
    const onMessage = (gz: Uint8Array) => done(null, gz);
    const onError = (error: Error) => done(error);
    worker.on('message', onMessage).on('error', onError);
    worker.postMessage(job.content);
  };
  const workers = Array.from({ length: size }, () => new Worker(source, { eval: true }));
  workers.forEach(next);
  return {
    gzip: (content) =>
      new Promise((resolve, reject) => {
        queue.push({ content, resolve, reject });
        const worker = idle.shift();
        if (worker !== undefined) next(worker);
      }),
    close: async () => void (await Promise.all(workers.map((worker) => worker.terminate()))),
  };
}

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

/**
 * Writes `file.br` (Brotli, best quality) and `file.gz` beside it, each only when it is smaller. The gzip copy is
 * Zopfli's (WebAssembly, no native build): an ordinary gzip stream that every browser and `gunzip` decode, 3–5 %
 * smaller than zlib's level 9, for the browsers that do not accept Brotli. It costs seconds once per build
 * instead of CPU per request.
 */
export async function precompressFile(file: string, gzip: Gzip = zopfliHere): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    gzip(content),
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
      const zopfli = zopfliWorkers(availableParallelism());
      try {
        const work: Promise<void>[] = [];
        for await (const file of filesUnder(outDir)) {
          if (COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`) && (await stat(file)).size >= MIN_BYTES)
            work.push(precompressFile(file, zopfli.gzip));
        }
        await Promise.all(work);
      } finally {
        await zopfli.close();
      }
    },
  };
}
