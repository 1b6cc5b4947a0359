import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { legalMessages as m } from '../../domain/messages/legal.ts';
import { legalQueries } from '../api/legal.ts';
import { LegalTextMessage } from '../features/legal/LegalTextMessage.tsx';
import { LegalTextPage } from '../features/legal/LegalTextPage.tsx';
import { MainContent } from '../ui/PageLayout.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/**
 * The privacy notice (GDPR art. 13), public: the registration page links it. The page reads its text itself (no loader): the
 * route table, in every page's first load, carries nothing of it but the route.
 */
export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const { api } = Route.useRouteContext();
  const text = useQuery(legalQueries.text(api, 'privacy'));
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
