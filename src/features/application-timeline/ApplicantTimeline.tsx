import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { timelineMessages as m } from '../../../domain/messages/timeline.ts';
import { timelineQueries } from '../../api/timeline.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TimelineList } from './TimelineList.tsx';

/**
 * The application's story as its organisation reads it (issue 44), inside the fund card's «Cronologia della
 * candidatura»: loaded only once the person opens it (lazyApplicantTimeline.ts), so /calls does not carry it.
 */
export function ApplicantTimeline({ applicationId }: { applicationId: string }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const query = useQuery(timelineQueries.applicant(api, applicationId));
  if (query.data === undefined) return query.isError ? <Alert tone="error">{m.loadFailed}</Alert> : <Spinner label={m.loading} />;
  if (query.data.length === 0) return <p>{m.empty}</p>;
  return <TimelineList events={query.data} label={m.title} />;
}
