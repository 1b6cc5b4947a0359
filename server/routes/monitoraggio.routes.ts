import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/errors.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { monitoringRowSchema, overdueMonitoringSchema, showMonitoraggioQuerySchema } from '../../domain/monitoring.ts';
import { UUID_PATTERN } from '../../domain/uuid.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import { requireAdmin } from '../auth/authenticate.ts';
import type { Membership } from '../auth/membership.ts';
import { HttpError } from '../errors.ts';
import type { Monitoring } from '../monitoring/monitoring.ts';

export interface MonitoraggioRouteOptions {
  membership: Membership;
  repository: ApplicationRepository;
  monitoring: Pick<Monitoring, 'rows' | 'overdueApplicationIds'>;
  funds: readonly FundEntry[];
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * GET /api/Monitoraggio/ShowMonitoraggioTur, ShowMonitoraggioPui (spec §7, by candidaturaId): the monitoring
 * periods opened for the application, with due day, compilata, overdue and the link. Members of its organisation
 * and administrators read them; for anyone else the application does not exist (404).
 */
export const monitoraggioRoutes: FastifyPluginAsyncZod<MonitoraggioRouteOptions> = async (app, options) => {
  const { membership, repository, monitoring, funds } = options;

  /** Admins: the applications whose current monitoring period is past its due day and not handed over (the list marks them). */
  app.get(
    '/api/Monitoraggio/GetMonitoraggiScaduti',
    { schema: { response: { 200: overdueMonitoringSchema, ...errors } } },
    async (request) => {
      requireAdmin(request);
      return { candidaturaIds: await monitoring.overdueApplicationIds() };
    },
  );
  for (const fund of funds) {
    app.get(
      `/api/Monitoraggio/ShowMonitoraggio${fund.controller}`,
      { schema: { querystring: showMonitoraggioQuerySchema, response: { 200: z.array(monitoringRowSchema), ...errors } } },
      async (request) => {
        const notFound = () => new HttpError(404, 'not_found', applicationsMessages.notFound);
        const id = request.query.candidaturaId;
        if (!UUID_PATTERN.test(id)) throw notFound();
        const application = await repository.byId(id.toLowerCase());
        if (!application || application.fund !== fund.fund) throw notFound();
        // Another organisation's application is as good as missing (platform administrators read every one).
        await membership.requireMember(request, application.organizationId, { allowAdmin: 'read', notFound });
        return monitoring.rows(application);
      },
    );
  }
};
