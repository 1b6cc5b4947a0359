import { Navigate, Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { currentOrganizationFor, selectAccessToken, selectUser } from '../../machines/auth/selectors.ts';
import { lazy, Suspense, useEffect } from 'react';
import { readSelectedOrganizationId, syncSelectedOrganizationId } from '../api/selectedOrganization.ts';
import { settledSession } from '../auth/session.ts';
import { hasAccessTokenCookie } from '../auth/tokenCookies.ts';
import { useAuthActor, useSessionView } from '../auth/useAuth.ts';
import { Header } from '../features/header/Header.tsx';
import { MainContent } from '../ui/PageLayout.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { NotificationRegion } from '../ui/NotificationRegion.tsx';

// Only a person whose address is not verified yet sees it: its code loads for them alone.
const VerificationBanner = lazy(() =>
  import('../features/verification/VerificationBanner.tsx').then((module) => ({ default: module.VerificationBanner })),
);

// Only a member of a suspended organisation sees it (issue 42): its code loads for them alone.
const SuspensionBanner = lazy(() =>
  import('../features/organization-admin/SuspensionBanner.tsx').then((module) => ({ default: module.SuspensionBanner })),
);

/** The login guard (spec §2): every page but the welcome page needs a session. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    // The machine's own token counts too, so a browser that refuses cookies cannot loop between / and here.
    const hasToken = hasAccessTokenCookie(document) || selectAccessToken(context.auth.getSnapshot()) !== null;
    if (!hasToken) throw redirect({ to: '/', search: { redirect: location.href } });
    const session = await settledSession(context.auth);
    const user = selectUser(session);
    if (!session.matches('authenticated') || user === null) {
      throw redirect({ to: '/', search: { redirect: location.href } });
    }
    // Before any page loads data: the SelectedOrganizationId header must name one of the person's organisations.
    syncSelectedOrganizationId(
      window.localStorage,
      currentOrganizationFor(user, readSelectedOrganizationId(window.localStorage))?.id ?? null,
    );
    return { user };
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const auth = useAuthActor();
  const { user, isSettled, isAdmin, homePath } = useSessionView();
  const organization = currentOrganizationFor(user, readSelectedOrganizationId(window.localStorage));
  const organizationId = organization?.id ?? null;

  // The person can change while the layout stays (organisation registered, invitation accepted).
  useEffect(() => {
    if (user !== null) syncSelectedOrganizationId(window.localStorage, organizationId);
  }, [user, organizationId]);

  if (user === null) {
    // The session ended while a page was open (expired, logged out elsewhere): back to the welcome page.
    return isSettled ? (
      <Navigate to="/" replace />
    ) : (
      <MainContent>
        <Spinner />
      </MainContent>
    );
  }

  return (
    <>
      <Header
        user={user}
        homePath={homePath}
        isAdmin={isAdmin}
        organizationPath={organization === null ? null : `/your-organization/${encodeURIComponent(organization.id)}`}
        onLogout={() => auth.send({ type: 'auth.logout' })}
      />
      {user.emailVerified ? null : (
        <Suspense fallback={null}>
          <VerificationBanner emailVerified={user.emailVerified} />
        </Suspense>
      )}
      {user.organizations.some((organization) => organization.status === 'suspended') ? (
        <Suspense fallback={null}>
          <SuspensionBanner organizations={user.organizations} />
        </Suspense>
      ) : null}
      <MainContent>
        <Outlet />
      </MainContent>
      <NotificationRegion />
    </>
  );
}
