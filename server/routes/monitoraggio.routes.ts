import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FundEntry } from '../../domain/funds.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { monitoringRowSchema, overdueMonitoringSchema, showMonitoraggioQuerySchema } from '../../domain/monitoring.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { OwnedObject, type RouteAccess } from '../auth/access.ts';
import { HttpError } from '../errors.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';
import { errorResponses } from './errorResponses.ts';

export interface MonitoraggioRouteOptions {
  repository: ApplicationRepository;
  monitoring: Pick<Monitoring, 'rows' | 'overdueApplicationIds'>;
  funds: readonly FundEntry[];
}

const adminOnly: RouteAccess = 'admin';

/**
 * GET /api/Monitoraggio/ShowMonitoraggioTur, ShowMonitoraggioPui (spec §7, by candidaturaId): the monitoring
 * periods opened for the application, with due day, compilata, overdue and the link. Members of its organisation
 * and administrators read them; for anyone else the application does not exist (404).
 */
export const monitoraggioRoutes: FastifyPluginAsyncZod<MonitoraggioRouteOptions> = async (app, options) => {
  const { repository, monitoring, funds } = options;

  /** Admins: the applications whose current monitoring period is past its due day and not handed over (the list marks them). */
  app.get(
    '/api/Monitoraggio/GetMonitoraggiScaduti',
    { config: { access: adminOnly }, schema: { response: { 200: overdueMonitoringSchema, ...errorResponses(adminOnly, [400, 404]) } } },
    async () => ({ candidaturaIds: await monitoring.overdueApplicationIds() }),
  );
  for (const fund of funds) {
    // Another organisation's application is as good as missing (platform administrators read every one).
    const application = new OwnedObject(
      'application (candidaturaId)',
      async (request) => {
        const id = (request.query as { candidaturaId: string }).candidaturaId;
        const row = await repository.byId(id);
        return row?.fund === fund.fund ? row : undefined;
      },
      () => new HttpError(404, 'not_found', applicationsMessages.notFound),
    );
    const readPeriods: RouteAccess = { who: 'member', organization: application, mode: 'read' };
    app.get(
      `/api/Monitoraggio/ShowMonitoraggio${fund.controller}`,
      {
        config: { access: readPeriods },
        schema: {
          querystring: showMonitoraggioQuerySchema,
          response: { 200: z.array(monitoringRowSchema), ...errorResponses(readPeriods, [403]) },
        },
      },
      async (request) => monitoring.rows(application.of(request)),
    );
  }
};
