import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §2: clears tokens and local storage, then the welcome page. Nothing to render. */
export const Route = createFileRoute('/logout')({
  beforeLoad: ({ context, preload }) => {
    if (preload) return;
    context.auth.send({ type: 'auth.logout.local' });
    throw redirect({ to: '/', replace: true });
  },
});
