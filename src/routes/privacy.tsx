import { createFileRoute } from '@tanstack/react-router';
import { legalQueries } from '../api/legal.ts';
import { LegalDocument } from '../features/legal/LegalDocument.tsx';
import { ensureQuery } from './-components/ensureQuery.ts';

/** The privacy notice (GDPR art. 13), public: the registration page links it. */
export const Route = createFileRoute('/privacy')({
  loader: ({ context: { queryClient, api } }) => ensureQuery(queryClient, legalQueries.text(api, 'privacy')),
  component: PrivacyPage,
});

function PrivacyPage() {
  const { api } = Route.useRouteContext();
  return <LegalDocument api={api} id="privacy" />;
}
