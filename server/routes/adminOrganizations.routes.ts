import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import {
  adminListQuerySchema,
  adminOrganizationListSchema,
  adminStatusHistoryItemSchema,
  compilazioneHistoryQuerySchema,
  type AdminOrganizationListItem,
} from '../../domain/application.ts';
import type { RouteAccess } from '../auth/access.ts';
import type { AdminList } from '../applications/adminList.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { HttpError } from '../errors.ts';
import { createCompressedCopies, preferredEncoding } from '../delivery/compressedCopies.ts';
import { errorResponses } from './errorResponses.ts';

const adminOnly: RouteAccess = 'admin';
const errors = errorResponses(adminOnly, [400, 404]);

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch?.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag));
}

/**
 * The admin panel's organisation list (tab 'Gestione organizzazioni') and an application's full history.
 * Lives under /api/Organization/ as the spec names it, in its own plugin.
 *
 * GetAllOrgsCompilazioni answers the spec's full list (every organisation, by name); the panel searches,
 * filters, sorts and pages it in the browser. The server keeps the list's JSON in memory and patches it with
 * only what changed in the database since (server/applications/adminList.ts), so every answer stays fast at
 * 5,000 organisations (tests/bench/admin-list.bench.ts); the ETag is a hash of the bytes, so an unchanged
 * list is revalidated with a 304.
 */
export const adminOrganizationsRoutes: FastifyPluginAsyncZod<{ repository: ApplicationRepository; adminList: AdminList }> = async (
  app,
  { repository, adminList },
) => {
  const compressedCopies = createCompressedCopies();
  // The first build (60–160 ms at 5,000 organisations) is done when the server starts, not in an admin's request.
  app.addHook('onReady', async () => {
    void adminList
      .current()
      .catch((error: unknown) => app.log.warn({ error }, 'admin list: first build failed; the first request builds it'));
  });

  app.get(
    '/api/Organization/GetAllOrgsCompilazioni',
    {
      config: { access: adminOnly },
      schema: { querystring: adminListQuerySchema, response: { 200: adminOrganizationListSchema, 304: z.null(), ...errors } },
    },
    async (request, reply) => {
      // A search (`q`): the organisations found, by name, P.IVA or codice fiscale, in name order; not cached.
      if (request.query.q !== undefined && request.query.q.trim() !== '') {
        const found = await adminList.search(request.query.q);
        reply.header('x-total-count', String(found.total)).type('application/json; charset=utf-8');
        return reply.send(found.body as unknown as AdminOrganizationListItem[]);
      }
      const list = await adminList.current();
      reply.header('cache-control', 'private, no-cache').header('etag', list.etag);
      if (matchesEtag(request.headers['if-none-match'], list.etag)) return reply.code(304).send(null);
      // JSON bytes written by adminList (the schema above documents their shape) are sent as they are, or the
      // compressed copy made once for this version (3 MB of JSON would otherwise be compressed per request).
      reply.header('x-total-count', String(list.total)).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding === null) return reply.send(list.body as unknown as AdminOrganizationListItem[]);
      const compressed = await compressedCopies.get(list.etag, list.body, encoding);
      return reply.header('content-encoding', encoding).send(compressed as unknown as AdminOrganizationListItem[]);
    },
  );

  /** Every status change of one application with its note and who made it, oldest first. Admins only. */
  app.get(
    '/api/Organization/GetCompilazioneHistory',
    {
      config: { access: adminOnly },
      schema: {
        querystring: compilazioneHistoryQuerySchema,
        response: { 200: z.array(adminStatusHistoryItemSchema), ...errors },
      },
    },
    async (request) => {
      const id = request.query.compilazioneId;
      if (!(await repository.byId(id))) throw new HttpError(404, 'not_found', applicationsMessages.notFound);
      return repository.adminHistory(id);
    },
  );
};
