import { createFileRoute } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import { Alert } from '../../ui/Alert.tsx';
import { button } from '../../ui/Button.css.ts';
import { Link } from '../../ui/Link.tsx';

/** Spec §2 /candidaturaCompletata: the confirmation after a submitted application, and the way back. */
export const Route = createFileRoute('/_authenticated/candidaturaCompletata')({
  component: ApplicationCompletedPage,
});

function ApplicationCompletedPage() {
  return (
    <>
      <h1>{wizardViewMessages.completedTitle}</h1>
      <Alert tone="success">{wizardViewMessages.completedText}</Alert>
      <Link to="/calls" className={button({ variant: 'primary' })}>
        {messages.funds.backToFunds}
      </Link>
    </>
  );
}
