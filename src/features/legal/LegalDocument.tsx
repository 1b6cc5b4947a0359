import type { LegalTextId } from '../../../domain/legal.ts';
import { legalMessages as m } from '../../../domain/messages/legal.ts';
import type { ApiClient } from '../../api/client.ts';
import { legalQueries } from '../../api/legal.ts';
import { MainContent } from '../../ui/PageLayout.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { LegalTextMessage } from './LegalTextMessage.tsx';
import { LegalTextPage } from './LegalTextPage.tsx';

/**
 * One of the operator's public texts (/privacy, /accessibilita), read by the page itself (no loader: the route
 * table, in every page's first load, carries nothing of it but the route): a spinner while it loads, the text,
 * or why it could not be read.
 */
export function LegalDocument({ api, id }: { api: ApiClient; id: LegalTextId }) {
  const text = useQuery(legalQueries.text(api, id));
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
