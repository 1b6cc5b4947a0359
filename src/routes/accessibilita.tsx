import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { legalMessages as m } from '../../domain/messages/legal.ts';
import { legalQueries } from '../api/legal.ts';
import { LegalTextMessage } from '../features/legal/LegalTextMessage.tsx';
import { LegalTextPage } from '../features/legal/LegalTextPage.tsx';
import { MainContent } from '../ui/PageLayout.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/**
 * The accessibility statement (Legge 4/2004, AgID guidelines), public. The page reads its text itself (no loader): the
 * route table, in every page's first load, carries nothing of it but the route.
 */
export const Route = createFileRoute('/accessibilita')({
  component: AccessibilityPage,
});

function AccessibilityPage() {
  const { api } = Route.useRouteContext();
  const text = useQuery(legalQueries.text(api, 'accessibilita'));
  if (text.isPending) {
    return (
      <MainContent>
        <Spinner label={m.loading} />
      </MainContent>
    );
  }
  if (text.isError) return <LegalTextMessage message={m.loadFailed} />;
  return <LegalTextPage text={text.data} />;
}
