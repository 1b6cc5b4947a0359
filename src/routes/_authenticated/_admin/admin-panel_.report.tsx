import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ReportPage } from '../../../features/admin-reports/ReportPage.tsx';
import { parseReportSearch, type ReportSearch } from '../../../features/admin-reports/reportSearch.ts';

/**
 * A report of the admin panel's 'Reportistica' tab (spec §2: report routes carry wid and rid). Admins only
 * (the _admin layout; the API checks too). The page and its charts' library are loaded only here.
 */
export const Route = createFileRoute('/_authenticated/_admin/admin-panel_/report')({
  validateSearch: parseReportSearch,
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
