import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { legalMessages as m } from '../../domain/messages/legal.ts';
import { legalQueries } from '../api/legal.ts';
import { LegalTextMessage, LegalTextPage } from '../features/legal/LegalTextPage.tsx';

/** The accessibility statement (Legge 4/2004, AgID guidelines), public. */
export const Route = createFileRoute('/accessibilita')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalQueries.text(context.api, 'accessibilita')),
  pendingComponent: () => <LegalTextMessage message={m.loading} role="status" />,
  errorComponent: () => <LegalTextMessage message={m.loadFailed} role="alert" />,
  component: AccessibilityPage,
});

function AccessibilityPage() {
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(legalQueries.text(api, 'accessibilita'));
  return <LegalTextPage text={data} />;
}
