import { createFileRoute } from '@tanstack/react-router';
import { surveyMessages } from '../../../domain/messages/survey.ts';
import { HandOverReceipt } from '../../features/receipts/HandOverReceipt.tsx';
import { parseReceiptSearch } from '../../features/receipts/receiptSearch.ts';
import { Alert } from '../../ui/Alert.tsx';
import { button } from '../../ui/Button.css.ts';
import { Link } from '../../ui/Link.tsx';

/**
 * Spec §2 /surveyIstruttoriaCompletata: the confirmation after a submitted survey (review or monitoring), with
 * its protocol number and receipt (`?ricevuta=`), and the way back.
 */
export const Route = createFileRoute('/_authenticated/surveyIstruttoriaCompletata')({
  validateSearch: parseReceiptSearch,
  component: SurveyCompletedPage,
});

function SurveyCompletedPage() {
  const { ricevuta } = Route.useSearch();
  return (
    <>
      <h1>{surveyMessages.completedTitle}</h1>
      <Alert tone="success">{surveyMessages.completedText}</Alert>
      {ricevuta ? <HandOverReceipt receiptId={ricevuta} /> : null}
      <Link to="/calls" className={button({ variant: 'primary' })}>
        {surveyMessages.backToFunds}
      </Link>
    </>
  );
}
