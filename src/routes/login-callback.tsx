import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { messages } from '../../domain/messages.ts';
import { loginCallbackEvent, parseLoginCallbackSearch } from '../auth/loginCallback.ts';
import { takeReturnTo } from '../auth/returnTo.ts';
import { useAuthActor, useSessionView } from '../auth/useAuth.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { MainContent } from '../ui/PageLayout.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/** 'Accesso effettuato' stays on screen this long, so it is seen and announced before moving on. */
const SIGNED_IN_NOTICE_MS = 1000;

export const Route = createFileRoute('/login-callback')({
  validateSearch: parseLoginCallbackSearch,
  // Sent before the first render, so the page never shows a stale state; the machine ignores a repeat.
  beforeLoad: ({ context, search, preload }) => {
    if (!preload) context.auth.send(loginCallbackEvent(search, window.location.origin));
  },
  component: LoginCallbackPage,
});

function LoginCallbackPage() {
  const auth = useAuthActor();
  const { signInStatus: status, error, homePath } = useSessionView();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'succeeded') return;
    const timer = window.setTimeout(() => {
      // replace: the code in this URL is spent; Back must not come here again.
      void navigate({ href: takeReturnTo(window.sessionStorage) ?? homePath, replace: true });
    }, SIGNED_IN_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [status, homePath, navigate]);

  if (status === 'failed') {
    return (
      <MainContent>
        <h1>{messages.auth.loginFailed}</h1>
        <Alert tone="error">{error ?? messages.auth.providerDenied}</Alert>
        <Button
          onPress={() => {
            auth.send({ type: 'auth.retry' });
            void navigate({ to: '/', replace: true });
          }}
        >
          {messages.notFound.backHome}
        </Button>
      </MainContent>
    );
  }

  if (status === 'succeeded') {
    return (
      <MainContent>
        <h1>{messages.auth.loggedIn}</h1>
        <Spinner label={messages.auth.loggedIn} />
      </MainContent>
    );
  }

  return (
    <MainContent>
      <h1>{messages.auth.signingIn}</h1>
      <Spinner label={messages.auth.signingIn} />
    </MainContent>
  );
}
