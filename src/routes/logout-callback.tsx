import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * The identity provider comes back here after Esci. Tokens were cleared before leaving; clearing
 * again covers a logout started elsewhere (another tab, the provider's own page).
 */
export const Route = createFileRoute('/logout-callback')({
  beforeLoad: ({ context, preload }) => {
    if (preload) return;
    context.auth.send({ type: 'auth.logout.local' });
    throw redirect({ to: '/', replace: true });
  },
});
