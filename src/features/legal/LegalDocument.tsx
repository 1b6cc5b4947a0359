import type { LegalTextId } from '../../../domain/legal.ts';
import { legalMessages as m } from '../../../domain/messages/legal.ts';
import type { ApiClient } from '../../api/client.ts';
import { legalQueries } from '../../api/legal.ts';
import { MainContent } from '../../ui/PageLayout.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { LegalTextPage } from './LegalTextPage.tsx';

/**
 * One of the operator's public texts (/privacy, /accessibilita), which the route's loader has read (a failed
 * read is the route's RouteError): the text, or a spinner while it is read again.
 */
export function LegalDocument({ api, id }: { api: ApiClient; id: LegalTextId }) {
  const text = useQuery(legalQueries.text(api, id));
  if (!text.data) {
    return (
      <MainContent>
        <Spinner label={m.loading} />
      </MainContent>
    );
  }
  return <LegalTextPage text={text.data} />;
}
