import { messages } from '../../../domain/messages.ts';
import { loginUrl } from '../../api/loginUrl.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useDelayElapsed } from '../../ui/useDelayElapsed.ts';
import { actions, intro, mark, welcome } from './WelcomePage.css.ts';

/** Spec §9: the welcome page shows its spinner for about 2 seconds. */
const WELCOME_SPINNER_MS = 2000;

interface WelcomePageProps {
  /** What the session has to say (a failed login, an expired session); null when nothing. */
  notice: string | null;
  failed: boolean;
}

/**
 * Accedi and Registrati, after the spinner. Both leave the portal for the identity provider, so this page needs
 * neither the router nor the API: src/main.tsx shows it on its own to a visitor without a session.
 */
export function WelcomePage({ notice, failed }: WelcomePageProps) {
  const spinnerDone = useDelayElapsed(WELCOME_SPINNER_MS);
  return (
    <div className={welcome}>
      <img src="/favicon.svg" alt="" className={mark} width="64" height="64" />
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
  );
}
