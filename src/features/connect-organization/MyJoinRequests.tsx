import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useId } from 'react';
import { italianDate } from '../../../domain/italianDates.ts';
import type { MyJoinRequest } from '../../../domain/joinRequest.ts';
import { joinRequestMessages as m } from '../../../domain/messages/joinRequest.ts';
import { joinRequestQueries } from '../../api/joinRequests.ts';
import { Alert } from '../../ui/Alert.tsx';
import { requestItem, requestList } from './ConnectOrganization.css.ts';

function when(request: MyJoinRequest): string {
  const asked = m.requestedOn(italianDate(request.createdAt));
  if (request.status === 'pending') return asked;
  if (request.decidedAt === null) return asked;
  return `${asked}, ${request.status === 'expired' ? m.expiredOn(italianDate(request.decidedAt)) : m.decidedOn(italianDate(request.decidedAt))}`;
}

/**
 * The person's requests to join organisations (issue 42), with their status and dates: pending, refused (with the
 * note, if any) or expired. Of the organisation they know its name only; an accepted one is among their organisations.
 */
export function MyJoinRequests() {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const headingId = useId();
  const query = useQuery(joinRequestQueries.mine(api));
  const requests = (query.data ?? []).filter((request) => request.status !== 'accepted');
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{m.mineTitle}</h2>
      <ul className={requestList}>
        {requests.map((request) => (
          <li key={request.id} className={requestItem}>
            <strong>{request.organizationName}</strong>: {m.statusLabels[request.status]}
            <br />
            {when(request)}
            {request.decisionNote ? (
              <>
                <br />
                {m.noteLabel}: {request.decisionNote}
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
