import { createFileRoute } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import { receiptQueries } from '../../api/receipts.ts';
import { HandOverReceipt } from '../../features/receipts/HandOverReceipt.tsx';
import { parseReceiptSearch } from '../../features/receipts/receiptSearch.ts';
import { Alert } from '../../ui/Alert.tsx';
import { button } from '../../ui/Button.css.ts';
import { Link } from '../../ui/Link.tsx';
import { ensureQuery } from '../-components/ensureQuery.ts';

/**
 * Spec §2 /candidaturaCompletata: the confirmation after a submitted application, with its protocol number and
 * receipt (`?ricevuta=`), and the way back.
 */
export const Route = createFileRoute('/_authenticated/candidaturaCompletata')({
  validateSearch: parseReceiptSearch,
  loaderDeps: ({ search: { ricevuta } }) => ({ ricevuta }),
  loader: async ({ context: { queryClient, api }, deps: { ricevuta } }) => {
    if (ricevuta) await ensureQuery(queryClient, receiptQueries.one(api, ricevuta));
  },
  component: ApplicationCompletedPage,
});

function ApplicationCompletedPage() {
  const { ricevuta } = Route.useSearch();
  return (
    <>
      <h1>{wizardViewMessages.completedTitle}</h1>
      <Alert tone="success">{wizardViewMessages.completedText}</Alert>
      {ricevuta ? <HandOverReceipt receiptId={ricevuta} /> : null}
      <Link to="/calls" className={button({ variant: 'primary' })}>
        {messages.funds.backToFunds}
      </Link>
    </>
  );
}
