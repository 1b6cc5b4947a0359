import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { verificationMessages as m } from '../../../domain/messages/verification.ts';
import { resendVerificationEmail } from '../../api/verification.ts';
import { Button } from '../../ui/Button.tsx';
import { banner, box, heading, outcome, text } from './VerificationBanner.css.ts';
import { useVerifiedEmailWatch } from './useVerifiedEmailWatch.ts';

type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * Under the header while the person's address is not verified (spec §8 «Registrazione non verificata»): what
 * is refused until then, and «Invia di nuovo il link». It goes by itself once the address is verified.
 */
export function VerificationBanner({ emailVerified }: { emailVerified: boolean }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const [state, setState] = useState<ResendState>('idle');
  useVerifiedEmailWatch(!emailVerified);
  if (emailVerified) return null;

  const resend = async () => {
    setState('sending');
    try {
      await resendVerificationEmail(api);
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  return (
    <section className={banner} aria-labelledby="verifica-email-titolo">
      <div className={box}>
        <h2 id="verifica-email-titolo" className={heading}>
          {m.title}
        </h2>
        <p className={text}>{m.banner}</p>
        <Button variant="secondary" isDisabled={state === 'sending'} onPress={() => void resend()}>
          {state === 'sending' ? m.resending : m.resend}
        </Button>
        <p className={outcome} role="status">
          {state === 'sent' ? m.resent : state === 'failed' ? m.resendFailed : ''}
        </p>
      </div>
    </section>
  );
}
