import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useId } from 'react';
import { italianDateTime } from '../../../domain/italianDates.ts';
import { organizationHistoryMessages as m } from '../../../domain/messages/organizationHistory.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';
import { organizationHistoryQueries } from '../../api/organizationAdmin.ts';
import { Alert } from '../../ui/Alert.tsx';
import { cardTableBody, cardTableHead, cardTableRow } from '../../ui/CardTable.css.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { historyActionText, historyActorText } from './historyText.ts';
import { cell, section, table } from './OrganizationAdmin.css.ts';

/**
 * The organisation's history (issue 42): every act on who acts for it, newest first, with when (Rome time), who,
 * what and why. Platform administrators and the organisation's Referenti read it.
 */
export function OrganizationHistory({ organizationId }: { organizationId: string }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const headingId = useId();
  const query = useQuery(organizationHistoryQueries.history(api, organizationId));
  const events = query.data ? [...query.data].reverse() : undefined;
  return (
    <section aria-labelledby={headingId} className={section}>
      <h2 id={headingId}>{m.title}</h2>
      <p>{m.description}</p>
      {events === undefined ? (
        query.isError ? (
          <Alert tone="error">{m.loadFailed}</Alert>
        ) : (
          <Spinner />
        )
      ) : events.length === 0 ? (
        <p>{m.empty}</p>
      ) : (
        <table className={table}>
          <caption className={visuallyHidden}>{m.title}</caption>
          <thead className={cardTableHead}>
            <tr>
              <th scope="col" className={cell}>
                {m.columns.at}
              </th>
              <th scope="col" className={cell}>
                {m.columns.actor}
              </th>
              <th scope="col" className={cell}>
                {m.columns.action}
              </th>
              <th scope="col" className={cell}>
                {m.columns.reason}
              </th>
            </tr>
          </thead>
          <tbody className={cardTableBody}>
            {events.map((event) => (
              <tr key={event.id} className={cardTableRow}>
                <th scope="row" className={cell}>
                  <time dateTime={event.at}>{italianDateTime(event.at)}</time>
                </th>
                <td className={cell} data-label={m.columns.actor}>
                  {historyActorText(event)}
                </td>
                <td className={cell} data-label={m.columns.action}>
                  {historyActionText(event)}
                </td>
                <td className={cell} data-label={m.columns.reason}>
                  {event.reason ?? m.noReason}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
