import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EMAIL_VERIFIED_CHANNEL } from '../../../domain/verificationChannel.ts';
import { getCurrentUser, userQueries } from '../../api/user.ts';
import { refreshThroughAuthMachine } from '../../auth/session.ts';

/** Coming back to the tab renews at most this often: each renewal rotates the refresh token at the provider. */
const FOCUS_RENEWAL_INTERVAL_MS = 10_000;

/**
 * While the person's address is unverified, the portal asks for a new token (which carries email_verified) when
 * the provider's verification page says so on a BroadcastChannel (same browser), when the person comes back to
 * the tab (a link opened elsewhere), and once on arrival; then reloads the person, so the banner goes and the
 * refused actions work without a new login.
 */
export function useVerifiedEmailWatch(active: boolean) {
  const { api, auth } = useRouteContext({ from: '__root__', select: (context) => ({ api: context.api, auth: context.auth }) });
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!active) return;
    let running = false;
    // A word that came while a renewal was under way (it may have left before the address was verified): one more.
    let again = false;
    let lastRenewal = 0;
    let stopped = false;

    const renew = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      lastRenewal = Date.now();
      void (async () => {
        try {
          if ((await refreshThroughAuthMachine(auth)) === null || stopped) return;
          const user = await getCurrentUser(api);
          if (stopped) return;
          auth.send({ type: 'user.updated', user });
          await queryClient.invalidateQueries({ queryKey: userQueries.all });
        } catch {
          // Nothing to tell: the banner stays, and the next focus tries again.
        } finally {
          running = false;
          if (again && !stopped) {
            again = false;
            renew();
          }
        }
      })();
    };
    const renewIfDue = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastRenewal >= FOCUS_RENEWAL_INTERVAL_MS) renew();
    };

    const channel = 'BroadcastChannel' in window ? new BroadcastChannel(EMAIL_VERIFIED_CHANNEL) : null;
    channel?.addEventListener('message', renew);
    window.addEventListener('focus', renewIfDue);
    document.addEventListener('visibilitychange', renewIfDue);
    renewIfDue();
    return () => {
      stopped = true;
      channel?.close();
      window.removeEventListener('focus', renewIfDue);
      document.removeEventListener('visibilitychange', renewIfDue);
    };
  }, [active, api, auth, queryClient]);
}
