import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { legalMessages as m } from '../../domain/messages/legal.ts';
import { legalQueries } from '../api/legal.ts';
import { LegalTextMessage, LegalTextPage } from '../features/legal/LegalTextPage.tsx';

/** The privacy notice (GDPR art. 13), public: the registration page links it. */
export const Route = createFileRoute('/privacy')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalQueries.text(context.api, 'privacy')),
  pendingComponent: () => <LegalTextMessage message={m.loading} role="status" />,
  errorComponent: () => <LegalTextMessage message={m.loadFailed} role="alert" />,
  component: PrivacyPage,
});

function PrivacyPage() {
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(legalQueries.text(api, 'privacy'));
  return <LegalTextPage text={data} />;
}
