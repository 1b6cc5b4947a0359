import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { messages } from '../../../../domain/messages.ts';
import { adminOrganizationQueries } from '../../../api/adminOrganizations.ts';
import { monitoringQueries } from '../../../api/monitoring.ts';
import { reportQueries } from '../../../api/reports.ts';
import { AdminOrganizationsTab } from '../../../features/admin-organizations/AdminOrganizationsTab.tsx';
import { AdminJoinRequests } from '../../../features/join-requests/AdminJoinRequests.tsx';
import { parseAdminListSearch, type AdminListSearch } from '../../../features/admin-organizations/adminListSearch.ts';
import { Link } from '../../../ui/Link.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs.tsx';
import { ensureQuery } from '../../-components/ensureQuery.ts';

/** The reports' list loads when its tab is opened: the organisations tab does not carry it. */
const loadReportsTab = () => import('../../../features/admin-reports/ReportsTab.tsx');
const ReportsTab = lazy(() => loadReportsTab().then((module) => ({ default: module.ReportsTab })));

/** Which tab is open: the organisations (default) or 'reports', so "Torna alla Reportistica" lands on it. */
type PanelSearch = AdminListSearch & { tab?: 'reports' };

/** Admins only (spec §6): anyone else is sent to their own home. Tab, sort, filters and search live in the URL. */
export const Route = createFileRoute('/_authenticated/_admin/admin-panel')({
  validateSearch: (search: Record<string, unknown>): PanelSearch => ({
    ...parseAdminListSearch(search),
    tab: search.tab === 'reports' ? 'reports' : undefined,
  }),
  // The open tab's data: the organisations list with the overdue monitoring marks, or the reports' list and its tab.
  loaderDeps: ({ search: { tab } }) => ({ tab }),
  loader: async ({ context: { queryClient, api }, deps: { tab } }) => {
    await Promise.all(
      tab === 'reports'
        ? [ensureQuery(queryClient, reportQueries.list(api)), loadReportsTab().catch(() => undefined)]
        : [ensureQuery(queryClient, adminOrganizationQueries.list(api)), ensureQuery(queryClient, monitoringQueries.overdue(api))],
    );
  },
  component: AdminPanelPage,
});

function AdminPanelPage() {
  const { tab, ...search } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<AdminListSearch>, options?: { replace?: boolean }) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: options?.replace ?? false }),
    [navigate],
  );
  return (
    <>
      <h1>{messages.pages.adminPanel}</h1>
      <p>
        <Link to="/api/docs">{messages.pages.apiReference}</Link>
      </p>
      <AdminJoinRequests />
      <Tabs
        selectedKey={tab ?? 'organizations'}
        onSelectionChange={(key) =>
          void navigate({ search: (previous) => ({ ...previous, tab: key === 'reports' ? 'reports' : undefined }), replace: true })
        }
      >
        <TabList aria-label={messages.pages.adminTabsLabel}>
          <Tab id="organizations">{messages.pages.adminOrganizationsTab}</Tab>
          <Tab id="reports">{messages.pages.adminReportsTab}</Tab>
        </TabList>
        <TabPanel id="organizations">
          <AdminOrganizationsTab search={search} onSearchChange={onSearchChange} />
        </TabPanel>
        <TabPanel id="reports">
          <Suspense fallback={<Spinner />}>
            <ReportsTab />
          </Suspense>
        </TabPanel>
      </Tabs>
    </>
  );
}
