import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { REPORT_WORKSPACE_ID } from '../../../../domain/reports/reportIds.ts';
import { reportQueries } from '../../../api/reports.ts';
import { ReportPage } from '../../../features/admin-reports/ReportPage.tsx';
import { parseReportSearch, type ReportSearch } from '../../../features/admin-reports/reportSearch.ts';
import { ensureQuery } from '../../-components/ensureQuery.ts';

/**
 * A report of the admin panel's 'Reportistica' tab (spec §2: report routes carry wid and rid). Admins only
 * (the _admin layout; the API checks too). The page and its charts' library are loaded only here.
 */
export const Route = createFileRoute('/_authenticated/_admin/admin-panel_/report')({
  validateSearch: parseReportSearch,
  loaderDeps: ({ search }) => search,
  // The figures ReportPage asks for (an unknown report shows its message without asking).
  loader: async ({ context: { queryClient, api }, deps: { wid, rid, fund, from, to } }) => {
    if (wid === REPORT_WORKSPACE_ID && rid !== undefined) {
      await ensureQuery(queryClient, reportQueries.report(api, { workspaceId: wid, reportId: rid, fund, from, to }));
    }
  },
  component: ReportRoute,
});

function ReportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<ReportSearch>) => void navigate({ search: (previous) => ({ ...previous, ...patch }) }),
    [navigate],
  );
  return <ReportPage search={search} onSearchChange={onSearchChange} />;
}
