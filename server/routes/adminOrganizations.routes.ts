import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../domain/messages.ts';
import { parseApplicationStatus, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import {
  adminListQuerySchema,
  adminOrganizationListSchema,
  adminStatusHistoryItemSchema,
  compilazioneHistoryQuerySchema,
  type AdminOrganizationListItem,
  type AdminListQueryParams,
} from '../../domain/application.ts';
import { requireAdmin } from '../auth/authenticate.ts';
import type { AdminList, AdminListQuery } from '../applications/adminList.ts';
import { applicationErrors, parseApplicationId } from '../applications/fundRoutes.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { HttpError } from '../errors.ts';

const DEFAULT_LIMIT = 50;
const DAY = 24 * 60 * 60 * 1000;

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch?.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag));
}

const romeClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23', day: '2-digit' });

/** Midnight in Italy at the start of `isoDate` (the admin's dates are Italian days). */
function romeMidnight(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(Date.UTC(year, month - 1, day) - offsetHours * 60 * 60 * 1000);
    const parts = Object.fromEntries(romeClock.formatToParts(candidate).map((p) => [p.type, p.value]));
    if (Number(parts.hour) === 0 && Number(parts.day) === day) return candidate;
  }
  throw new HttpError(400, 'invalid_date', messages.organization.dateInvalid);
}

function listQueryOf(params: AdminListQueryParams): AdminListQuery {
  const statuses: ApplicationStatusCode[] = [];
  for (const text of (params.statuses ?? '').split(',').filter((s) => s.trim() !== '')) {
    const code = parseApplicationStatus(text);
    if (!code) throw new HttpError(400, 'invalid_status', messages.applications.statusUnknown);
    statuses.push(code);
  }
  const from = params.from === undefined ? undefined : romeMidnight(params.from);
  // Inclusive "to": everything before the next Italian midnight (23 or 25 hours later on DST days).
  const toExclusive = params.to === undefined ? undefined : romeMidnight(new Date(Date.parse(`${params.to}T12:00:00Z`) + DAY).toISOString().slice(0, 10));
  return {
    q: params.q?.trim() || undefined,
    fund: params.fund,
    statuses,
    from,
    toExclusive,
    sort: params.sort ?? 'name',
    offset: params.offset ?? 0,
    limit: params.limit ?? DEFAULT_LIMIT,
  };
}

/**
 * The admin panel's organisation list (tab 'Gestione organizzazioni') and an application's full history.
 * Lives under /api/Organization/ as the spec names it, in its own plugin.
 *
 * Design, decided by tests/bench/admin-list.bench.ts at 5,000 organisations: the panel asks the server for
 * one page at a time — name search, fund, statuses, candidacy dates and sort are query parameters applied in
 * SQL — which answers in a few tens of milliseconds whatever the number of organisations, while building the
 * full list (3 MB of JSON) takes 100–200 ms on this hardware and is invalidated by every autosave during the
 * call. Without parameters the endpoint still answers the spec's full list (every organisation, by name),
 * cached per process under a cheap fingerprint of the data and revalidated with an ETag (304).
 */
export const adminOrganizationsRoutes: FastifyPluginAsyncZod<{ repository: ApplicationRepository; adminList: AdminList }> = async (
  app,
  { repository, adminList },
) => {
  /** The last full list built by this process, by fingerprint; lost on restart, never served once the data moved. */
  let built: { fingerprint: string; body: string; total: number } | null = null;

  app.get(
    '/api/Organization/GetAllOrgsCompilazioni',
    {
      schema: {
        querystring: adminListQuerySchema,
        response: { 200: adminOrganizationListSchema, 304: z.null(), ...applicationErrors },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'private, no-cache');
      // JSON text written by adminList (the schema above documents its shape) is sent as it is.
      const send = (body: string, total: number) =>
        reply
          .header('x-total-count', String(total))
          .type('application/json; charset=utf-8')
          .send(body as unknown as AdminOrganizationListItem[]);

      const params = request.query;
      if (Object.values(params).some((value) => value !== undefined)) {
        const page = await adminList.page(listQueryOf(params));
        return send(page.body, page.total);
      }

      // Read before the list: the list is then at least as new as the fingerprint that names it.
      const fingerprint = await adminList.fingerprint();
      const etag = `"${createHash('sha1').update(fingerprint).digest('base64url')}"`;
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      if (built?.fingerprint !== fingerprint) {
        built = { fingerprint, ...(await adminList.all()) };
      }
      return send(built.body, built.total);
    },
  );

  /** Every status change of one application with its note and who made it, oldest first. Admins only. */
  app.get(
    '/api/Organization/GetCompilazioneHistory',
    { schema: { querystring: compilazioneHistoryQuerySchema, response: { 200: z.array(adminStatusHistoryItemSchema), ...applicationErrors } } },
    async (request) => {
      requireAdmin(request);
      const id = parseApplicationId(request.query.compilazioneId);
      if (!(await repository.byId(id))) throw new HttpError(404, 'not_found', messages.applications.notFound);
      return repository.adminHistory(id);
    },
  );
};
