import { messages } from '../../../domain/messages.ts';
import { loginUrl } from '../../api/loginUrl.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { actions, intro, mark, welcome } from './WelcomePage.css.ts';
import { loginLabel } from './loginLabel.ts';

interface WelcomePageProps {
  /** What the session has to say (a failed login, an expired session); null when nothing. */
  notice: string | null;
  failed: boolean;
}

/**
 * Accedi and Registrati, at once: nothing is loading by the time this page shows (the spec's spinner of about 2
 * seconds covered the session check, which src/main.tsx skips without a session and the route does before
 * rendering). Both leave the portal for the identity provider, so this page needs
 * neither the router nor the API: src/main.tsx shows it on its own to a visitor without a session.
 */
export function WelcomePage({ notice, failed }: WelcomePageProps) {
  return (
    <div className={welcome}>
      <img src="/favicon.svg" alt="" className={mark} width="64" height="64" />
      <h1>{messages.welcome.title}</h1>
      <p className={intro}>{messages.welcome.intro}</p>
      {notice === null ? null : <Alert tone={failed ? 'error' : 'info'}>{notice}</Alert>}
      <div className={actions}>
        <Button onPress={() => window.location.assign(loginUrl('login'))}>{loginLabel()}</Button>
        <Button variant="secondary" onPress={() => window.location.assign(loginUrl('register'))}>
          {messages.welcome.register}
        </Button>
      </div>
    </div>
  );
}
