import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { verificationMessages as m } from '../../../domain/messages/verification.ts';
import { passwordQueries } from '../../api/password.ts';
import { resendVerificationEmail } from '../../api/verification.ts';
import { Button } from '../../ui/Button.tsx';
import { banner, box, heading } from '../../ui/WarningBanner.css.ts';
import { outcome, text } from './VerificationBanner.css.ts';
import { useVerifiedEmailWatch } from './useVerifiedEmailWatch.ts';

/**
 * Under the header while the person's address is not verified (spec §8 «Registrazione non verificata»): what
 * is refused until then, and «Invia di nuovo il link» — only where the portal's own provider can send one: with an
 * external provider the banner says to confirm the address there. It goes by itself once the address is verified.
 */
export function VerificationBanner({ emailVerified }: { emailVerified: boolean }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const provider = useQuery({ ...passwordQueries.identityProvider(api), enabled: !emailVerified });
  const resend = useMutation({ mutationFn: () => resendVerificationEmail(api) });
  useVerifiedEmailWatch(!emailVerified);
  if (emailVerified) return null;
  // The text waits for the provider's kind (one small request), so it never says a link was mailed when none can be.
  const external = provider.data?.kind === 'external';

  return (
    <section className={banner} aria-labelledby="verifica-email-titolo">
      <div className={box}>
        <h2 id="verifica-email-titolo" className={heading}>
          {m.title}
        </h2>
        {provider.data ? <p className={text}>{external ? m.externalBanner : m.banner}</p> : null}
        {provider.data?.kind === 'embedded' ? (
          <Button variant="secondary" isDisabled={resend.isPending} onPress={() => resend.mutate()}>
            {resend.isPending ? m.resending : m.resend}
          </Button>
        ) : null}
        <p className={outcome} role="status">
          {resend.isSuccess ? m.resent : resend.isError ? m.resendFailed : ''}
        </p>
      </div>
    </section>
  );
}
