import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/AccountPage.tsx';

/** Spec §2 /account: the person's own data. */
export const Route = createFileRoute('/_authenticated/account')({
  component: AccountRoute,
});

function AccountRoute() {
  const { user } = Route.useRouteContext();
  return <AccountPage user={user} />;
}
