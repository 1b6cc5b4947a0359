import type { QueryClient } from '@tanstack/react-query';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { applicationQueries, hasApplication } from '../../api/applications.ts';
import type { ApiClient } from '../../api/client.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';
import { ensureQuery } from './ensureQuery.ts';

/** What AdminApplicationSummary shows of one fund's application: the application, then its status history. */
export async function loadApplicationSummary(queryClient: QueryClient, api: ApiClient, fund: Fund, organizationId: string) {
  const compilation = await ensureQuery(queryClient, applicationQueries.compilation(api, fund, organizationId));
  if (compilation && hasApplication(compilation)) await ensureQuery(queryClient, applicationQueries.history(api, compilation.id));
}

/** What AdminApplicationHeader shows above an admin's page about one application: the organisation and the application. */
export async function loadApplicationHeader(queryClient: QueryClient, api: ApiClient, fund: Fund, organizationId: string) {
  await Promise.all([
    ensureQuery(queryClient, organizationProfileQueries.detail(api, organizationId)),
    ensureQuery(queryClient, applicationQueries.compilation(api, fund, organizationId)),
  ]);
}
