import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { messages } from '../../../../domain/messages.ts';
import { AdminOrganizationsTab } from '../../../features/admin-organizations/AdminOrganizationsTab.tsx';
import { adminListSearchSchema, type AdminListSearch } from '../../../features/admin-organizations/adminListSearch.ts';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs.tsx';

/** Admins only (spec §6): anyone else is sent to their own home. Sort, filters and search live in the URL. */
export const Route = createFileRoute('/_authenticated/_admin/admin-panel')({
  validateSearch: adminListSearchSchema,
  component: AdminPanelPage,
});

function AdminPanelPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<AdminListSearch>, options?: { replace?: boolean }) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: options?.replace ?? false }),
    [navigate],
  );
  return (
    <>
      <h1>{messages.pages.adminPanel}</h1>
      <Tabs>
        <TabList aria-label={messages.pages.adminTabsLabel}>
          <Tab id="organizations">{messages.pages.adminOrganizationsTab}</Tab>
          <Tab id="reports">{messages.pages.adminReportsTab}</Tab>
        </TabList>
        <TabPanel id="organizations">
          <AdminOrganizationsTab search={search} onSearchChange={onSearchChange} />
        </TabPanel>
        <TabPanel id="reports">
          <p>{messages.pages.noReports}</p>
        </TabPanel>
      </Tabs>
    </>
  );
}
