import { createFileRoute } from '@tanstack/react-router';
import { legalQueries } from '../api/legal.ts';
import { LegalDocument } from '../features/legal/LegalDocument.tsx';
import { legalMessages } from '../../domain/messages/legal.ts';
import { MainContent } from '../ui/PageLayout.tsx';
import { RouteError } from './-components/RouteError.tsx';
import { loadQuery } from './-components/ensureQuery.ts';

/** The privacy notice (GDPR art. 13), public: the registration page links it. */
export const Route = createFileRoute('/privacy')({
  loader: ({ context: { queryClient, api } }) => loadQuery(queryClient, legalQueries.text(api, 'privacy')),
  errorComponent: (props) => (
    <MainContent>
      <RouteError {...props} message={legalMessages.loadFailed} />
    </MainContent>
  ),
  component: PrivacyPage,
});

function PrivacyPage() {
  const { api } = Route.useRouteContext();
  return <LegalDocument api={api} id="privacy" />;
}
