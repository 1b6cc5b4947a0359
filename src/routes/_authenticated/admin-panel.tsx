import { createFileRoute, redirect } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { isAdminRole } from '../../../domain/roles.ts';
import { homePathFor } from '../../../machines/auth/selectors.ts';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';

/** Admins only (spec §6): anyone else is sent to their own home. */
export const Route = createFileRoute('/_authenticated/admin-panel')({
  beforeLoad: ({ context }) => {
    if (!isAdminRole(context.user.roles)) throw redirect({ to: homePathFor(context.user), replace: true });
  },
  component: AdminPanelPage,
});

function AdminPanelPage() {
  return (
    <>
      <h1>{messages.pages.adminPanel}</h1>
      <Tabs>
        <TabList aria-label={messages.pages.adminTabsLabel}>
          <Tab id="organizations">{messages.pages.adminOrganizationsTab}</Tab>
          <Tab id="reports">{messages.pages.adminReportsTab}</Tab>
        </TabList>
        <TabPanel id="organizations">
          <p>{messages.pages.adminOrganizationsPending}</p>
        </TabPanel>
        <TabPanel id="reports">
          <p>{messages.pages.noReports}</p>
        </TabPanel>
      </Tabs>
    </>
  );
}
