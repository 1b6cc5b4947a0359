import { createFileRoute } from '@tanstack/react-router';
import { legalQueries } from '../api/legal.ts';
import { LegalDocument } from '../features/legal/LegalDocument.tsx';
import { legalMessages } from '../../domain/messages/legal.ts';
import { MainContent } from '../ui/PageLayout.tsx';
import { RouteError } from './-components/RouteError.tsx';
import { loadQuery } from './-components/ensureQuery.ts';

/** The accessibility statement (Legge 4/2004, AgID guidelines), public. */
export const Route = createFileRoute('/accessibilita')({
  loader: ({ context: { queryClient, api } }) => loadQuery(queryClient, legalQueries.text(api, 'accessibilita')),
  errorComponent: (props) => (
    <MainContent>
      <RouteError {...props} message={legalMessages.loadFailed} />
    </MainContent>
  ),
  component: AccessibilityPage,
});

function AccessibilityPage() {
  const { api } = Route.useRouteContext();
  return <LegalDocument api={api} id="accessibilita" />;
}
