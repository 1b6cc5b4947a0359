import { createFileRoute } from '@tanstack/react-router';
import { FUNDS } from '../../../../domain/applicationStatus.ts';
import { applicationQueries, hasApplication } from '../../../api/applications.ts';
import { monitoringQueries } from '../../../api/monitoring.ts';
import { MonitoringPage } from '../../../features/monitoring/MonitoringPage.tsx';
import { ensureQuery } from '../../-components/ensureQuery.ts';

/** Spec §2 /monitoraggio: the monitoring periods of the selected organisation. Admins read monitoring from their panel. */
export const Route = createFileRoute('/_authenticated/_applicant/monitoraggio')({
  // The organisation's applications, then the periods opened for each: what MonitoringPage reads.
  loader: async ({ context: { queryClient, api, organizationId } }) => {
    await Promise.all(
      FUNDS.map(async (fund) => {
        const compilation = await ensureQuery(queryClient, applicationQueries.compilation(api, fund, organizationId));
        if (compilation && hasApplication(compilation)) await ensureQuery(queryClient, monitoringQueries.rows(api, fund, compilation.id));
      }),
    );
  },
  component: MonitoraggioPage,
});

function MonitoraggioPage() {
  const { api, organizationId } = Route.useRouteContext();
  return <MonitoringPage key={organizationId} api={api} organizationId={organizationId} />;
}
