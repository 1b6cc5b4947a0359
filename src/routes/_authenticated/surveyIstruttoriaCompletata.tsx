import { createFileRoute } from '@tanstack/react-router';
import { surveyMessages } from '../../../domain/messages/survey.ts';
import { Alert } from '../../ui/Alert.tsx';
import { button } from '../../ui/Button.css.ts';
import { Link } from '../../ui/Link.tsx';

/** Spec §2 /surveyIstruttoriaCompletata: the confirmation after a submitted survey, and the way back. */
export const Route = createFileRoute('/_authenticated/surveyIstruttoriaCompletata')({
  component: SurveyCompletedPage,
});

function SurveyCompletedPage() {
  return (
    <>
      <h1>{surveyMessages.completedTitle}</h1>
      <Alert tone="success">{surveyMessages.completedText}</Alert>
      <Link to="/calls" className={button({ variant: 'primary' })}>
        {surveyMessages.backToFunds}
      </Link>
    </>
  );
}
