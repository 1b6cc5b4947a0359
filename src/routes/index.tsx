import { createFileRoute, redirect } from '@tanstack/react-router';
import { selectHomePath } from '../../machines/auth/selectors.ts';
import { settledSession } from '../auth/session.ts';
import { rememberReturnTo, takeReturnTo } from '../auth/returnTo.ts';
import { useSessionView } from '../auth/useAuth.ts';
import { WelcomePage } from '../features/welcome/WelcomePage.tsx';
import { MainContent } from '../ui/PageLayout.tsx';

export const Route = createFileRoute('/')({
  // `redirect` is where the login guard found the person: they go back there after login.
  validateSearch: parseWelcomeSearch,
  beforeLoad: async ({ context, search, preload }) => {
    if (preload) return;
    rememberReturnTo(window.sessionStorage, search.redirect);
    const session = await settledSession(context.auth);
    if (session.matches('authenticated')) {
      throw redirect({ href: takeReturnTo(window.sessionStorage) ?? selectHomePath(session), replace: true });
    }
    // Remembered above: the address drops it, since it may carry a mailed link's token (an invitation's).
    if (search.redirect !== undefined) throw redirect({ to: '/', search: {}, replace: true });
  },
  component: WelcomeRoute,
});

/** The welcome page inside the app: reached after a logout, a failed login or an expired session. */
function WelcomeRoute() {
  const { error: notice, hasFailed: failed } = useSessionView();
  return (
    <MainContent>
      <WelcomePage notice={notice} failed={failed} />
    </MainContent>
  );
}

/** Checked by hand, not with zod: the route tree is in every page's first load. A `redirect` that is not text is refused. */
function parseWelcomeSearch(search: Record<string, unknown>): { redirect?: string } {
  const { redirect } = search;
  if (redirect === undefined) return {};
  if (typeof redirect !== 'string') throw new Error('redirect: expected a string');
  return { redirect };
}
