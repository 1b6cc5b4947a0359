import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is worth compressing on the fly: text, JSON, JavaScript, XML and SVG. Attachments (PDF, zip, office
 * files, octet-stream) are compressed already or gain nothing, and would only cost CPU.
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+]json(?:;|$)|javascript(?:;|$)|[/+]xml(?:;|$)/u;

/**
 * Dynamic answers (API JSON, the provider's pages) compressed per request: Brotli at a quality that costs
 * little CPU, gzip for clients without it, nothing under 1 KB. The built client's files are compressed once,
 * at build time (scripts/precompressPlugin.ts), and served as they are (server/delivery/staticClient.ts).
 */
export async function installCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies stay as the client sends them: nothing of ours sends compressed bodies.
    globalDecompression: false,
  });
}
