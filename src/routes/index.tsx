import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { messages } from '../../domain/messages.ts';
import { selectError, selectHasFailed, selectHomePath } from '../../machines/auth/selectors.ts';
import { loginUrl } from '../api/jwt.ts';
import { settledSession } from '../auth/session.ts';
import { rememberReturnTo, takeReturnTo } from '../auth/returnTo.ts';
import { useAuthSelector } from '../auth/useAuth.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { MainContent } from '../ui/PageLayout.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useDelayElapsed } from '../ui/useDelayElapsed.ts';
import { actions, intro, mark, welcome } from './-components/WelcomePage.css.ts';

/** Spec §9: the welcome page shows its spinner for about 2 seconds. */
const WELCOME_SPINNER_MS = 2000;

export const Route = createFileRoute('/')({
  // `redirect` is where the login guard found the person: they go back there after login.
  validateSearch: z.object({ redirect: z.string().optional() }),
  beforeLoad: async ({ context, search, preload }) => {
    if (preload) return;
    rememberReturnTo(window.sessionStorage, search.redirect);
    const session = await settledSession(context.auth);
    if (session.matches('authenticated')) {
      throw redirect({ href: takeReturnTo(window.sessionStorage) ?? selectHomePath(session), replace: true });
    }
  },
  component: WelcomePage,
});

function WelcomePage() {
  const spinnerDone = useDelayElapsed(WELCOME_SPINNER_MS);
  const notice = useAuthSelector(selectError);
  const failed = useAuthSelector(selectHasFailed);
  return (
    <MainContent>
      <div className={welcome}>
        <img src="/favicon.svg" alt="" className={mark} />
        <h1>{messages.welcome.title}</h1>
        <p className={intro}>{messages.welcome.intro}</p>
        {spinnerDone ? (
          <>
            {notice === null ? null : <Alert tone={failed ? 'error' : 'info'}>{notice}</Alert>}
            <div className={actions}>
              <Button onPress={() => window.location.assign(loginUrl('login'))}>{messages.welcome.login}</Button>
              <Button variant="secondary" onPress={() => window.location.assign(loginUrl('register'))}>
                {messages.welcome.register}
              </Button>
            </div>
          </>
        ) : (
          <Spinner />
        )}
      </div>
    </MainContent>
  );
}
