import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useId } from 'react';
import { timelineMessages as m } from '../../../domain/messages/timeline.ts';
import { timelineQueries } from '../../api/timeline.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ApplicationNotes } from './ApplicationNotes.tsx';
import { section } from './Timeline.css.ts';
import { TimelineList } from './TimelineList.tsx';

/**
 * The administrator's view of one application's story (issue 44): the private notes, then every event in order
 * with who and when. Loaded on its own (lazyAdminTimeline.ts), below the read-only application.
 */
export function AdminTimeline({ applicationId }: { applicationId: string }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const headingId = useId();
  const query = useQuery(timelineQueries.admin(api, applicationId));
  return (
    <>
      <ApplicationNotes applicationId={applicationId} />
      <section aria-labelledby={headingId} className={section}>
        <h2 id={headingId}>{m.title}</h2>
        <p>{m.description}</p>
        {query.data === undefined ? (
          query.isError ? (
            <Alert tone="error">{m.loadFailed}</Alert>
          ) : (
            <Spinner label={m.loading} />
          )
        ) : query.data.length === 0 ? (
          <p>{m.empty}</p>
        ) : (
          <TimelineList events={query.data} label={m.title} />
        )}
      </section>
    </>
  );
}
