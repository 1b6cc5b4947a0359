import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.ts';
import { cacheControlFor, REVALIDATE } from './cacheControl.ts';
import { clientPages, holdsSession } from './pagePreloads.ts';

/** The address of the API's reference page (admins only), the one page of the SPA under /api. */
export const API_REFERENCE_PAGE = '/api/docs';

/**
 * Source maps stay on the server's disk for whoever debugs it, and the build's tables (Vite's manifest, the route
 * preloads) for the server itself: the public does not download them.
 */
const isPublic = (pathname: string) => !pathname.endsWith('.map') && !pathname.startsWith('/.vite/');

/** Answers a page navigation with the SPA's page for its address (pagePreloads.ts), and a missing file with 404. */
export type SendClientPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Whether an address no file answered is one of the SPA's pages: not a file's (the build's assets, anything with an
 * extension — an old page's script, a source map, the build's tables), which is simply missing. A script answered
 * with the page's HTML would fail in the browser with a misleading error, and a cache would keep it.
 */
export function isPageAddress(pathname: string): boolean {
  return !pathname.startsWith('/assets/') && !pathname.startsWith('/.vite/') && !/\.[A-Za-z0-9]+$/.test(pathname);
}

/**
 * Serves the built client from `root`: each file as Brotli or gzip when the browser accepts it (the `.br` and
 * `.gz` written beside it at build time, so no CPU per request; `Vary: accept-encoding`), content-hashed
 * assets cached for a year, the page itself always revalidated (304 while it is the same). Returns how to answer a
 * page navigation, or null when no built client was found.
 */
export async function serveBuiltClient(
  app: FastifyInstance,
  root: string,
  options: { loginLabel?: string } = {},
): Promise<SendClientPage | null> {
  if (!existsSync(path.join(root, 'index.html'))) return null;
  const pages = clientPages(root, options);
  const sendPage: SendClientPage = (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (!isPageAddress(pathname)) return reply.code(404).send({ error: 'not_found', message: messages.generic.notFound });
    const page = pages.pageFor(pathname, holdsSession(request.cookies));
    // The welcome page differs with and without a session: a cached copy is reused only with the same cookies.
    void reply.header('cache-control', REVALIDATE).header('etag', page.etag).header('vary', 'cookie');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  };
  await app.register(fastifyStatic, {
    root,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: isPublic,
    setHeaders: (reply: FastifyReply, file: string) => reply.header('cache-control', cacheControlFor(file)),
  });
  // With index: false the static plugin refuses the root directory itself; the welcome page is the SPA's.
  app.get('/', sendPage);
  // The API's reference is a page of the SPA under /api (src/routes/_authenticated/_admin/api.docs.tsx): a browser
  // navigating there carries no token, so it gets the SPA, which shows the page to administrators only and fetches
  // the document with the admin's token. Not an operation of the API: left out of its OpenAPI document.
  // The page itself is the SPA's shell, the same for everybody (the document it fetches is for administrators only).
  app.get(API_REFERENCE_PAGE, { schema: { hide: true }, config: { access: 'anonymous' } }, sendPage);
  return sendPage;
}
