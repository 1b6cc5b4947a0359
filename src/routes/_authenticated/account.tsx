import { createFileRoute } from '@tanstack/react-router';
import { passwordQueries } from '../../api/password.ts';
import { AccountPage } from '../../features/account/AccountPage.tsx';
import { ensureQuery } from '../-components/ensureQuery.ts';

/** Spec §2 /account: the person's own data. */
export const Route = createFileRoute('/_authenticated/account')({
  // Where the password is managed (the password section's), the rest is the session's person.
  loader: ({ context: { queryClient, api } }) => ensureQuery(queryClient, passwordQueries.identityProvider(api)),
  component: AccountRoute,
});

function AccountRoute() {
  const { user } = Route.useRouteContext();
  return <AccountPage user={user} />;
}
