import path from 'node:path';

/** Vite names every file under assets/ by its content: a new build gives new names, so they never go stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files kept under a fixed name (index.html, favicon.svg): the browser asks again each time (304 if unchanged). */
export const REVALIDATE = 'no-cache';

/** The cache policy of a file of the built client. */
export function cacheControlFor(file: string): string {
  return file.split(path.sep).includes('assets') ? IMMUTABLE : REVALIDATE;
}
