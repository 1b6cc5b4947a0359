import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

const compressors: Record<ContentEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/**
 * The encoding to answer with, from Accept-Encoding (RFC 9110 §12.5.3): Brotli when the client takes it, else
 * gzip, else none. A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Compressed copies of one large answer that changes now and then (the admin list: 3 MB of JSON at 5,000
 * organisations), kept beside its ETag: each version is compressed once per encoding, off the event loop
 * (zlib's thread pool), instead of on every request. Only the newest version is kept.
 */
export function createCompressedCopies() {
  let etag: string | null = null;
  let copies = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    get(versionEtag: string, body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
      if (versionEtag !== etag) {
        etag = versionEtag;
        copies = new Map();
      }
      let copy = copies.get(encoding);
      if (!copy) {
        copy = compressors[encoding](body);
        // A failed compression is not kept: the next request tries again.
        copy.catch(() => copies.get(encoding) === copy && copies.delete(encoding));
        copies.set(encoding, copy);
      }
      return copy;
    },
  };
}
