import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useId } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import { adminApplicationMessages } from '../../../domain/messages/adminApplication.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { applicationQueries, hasApplication, type Compilation } from '../../api/applications.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { italianDateTime } from '../../../domain/italianDates.ts';
import { cardTable as table, cardTableBody as tableBody, cardTableHead as tableHead } from '../../ui/CardTable.css.ts';
import { cellStyle, chip, historyRow, section, tableWrap } from './AdminOrganizations.css.ts';
import { ReceiptList } from '../receipts/ReceiptList.tsx';

const m = adminApplicationMessages;

/**
 * An application's status history as admins see it: from, to, note, who, when (oldest first). A table on a
 * desktop; on a phone each change is a card whose parts are named (data-label), as the organisations list does.
 */
export function ApplicationHistory({ fund, compilation }: { fund: Fund; compilation: Compilation }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const exists = hasApplication(compilation);
  const query = useQuery({ ...applicationQueries.history(api, compilation.id), enabled: exists });
  if (!exists) return <p>{m.noApplication}</p>;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (query.data === undefined) return <Spinner label={m.loading} />;
  if (query.data.length === 0) return <p>{m.noHistory}</p>;
  return (
    <div className={tableWrap}>
      <table className={table} aria-label={m.historyLabel(fund)}>
        <thead className={tableHead}>
          <tr>
            {[m.when, m.from, m.to, m.note, m.who].map((heading) => (
              <th key={heading} scope="col" className={cellStyle}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={tableBody}>
          {query.data.map((item) => {
            const who = item.actorName ?? (item.actorRole === 'system' ? m.system : '');
            // An empty part is left out of the card (its label alone would say nothing).
            const labelled = (label: string, value: string) => (value ? label : undefined);
            return (
              <tr key={`${item.at}-${item.statusCode}`} className={historyRow}>
                <td className={cellStyle} data-label={m.when}>
                  <time dateTime={item.at}>{italianDateTime(item.at)}</time>
                </td>
                <td className={cellStyle} data-label={labelled(m.from, item.fromStatus)}>
                  {item.fromStatus}
                </td>
                <td className={cellStyle} data-label={labelled(m.to, item.status)}>
                  {item.status}
                </td>
                <td className={cellStyle} data-label={labelled(m.note, item.note ?? '')}>
                  {item.note ?? ''}
                </td>
                <td className={cellStyle} data-label={labelled(m.who, who)}>
                  {who}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One fund's application for the admin: status, dates, warnings (unless the page shows them already, as the
 * read-only wizard does), history.
 */
export function AdminApplicationSummary({
  fund,
  organizationId,
  headingLevel = 2,
  showWarnings = true,
}: {
  fund: Fund;
  organizationId: string;
  headingLevel?: 2 | 3;
  showWarnings?: boolean;
}) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const headingId = useId();
  const query = useQuery(applicationQueries.compilation(api, fund, organizationId));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={section}>
      <Heading id={headingId}>{m.historyTitle(fund)}</Heading>
      {query.isError ? (
        <Alert tone="error">{query.error.message}</Alert>
      ) : query.data === undefined ? (
        <Spinner label={m.loading} />
      ) : (
        <>
          <p>
            {messages.funds.status}: <span className={chip}>{query.data.status}</span>
            {query.data.submittedAt ? ` — ${adminPanelMessages.submittedAt} ${italianDateTime(query.data.submittedAt)}` : ''}
          </p>
          {showWarnings && query.data.warnings.length > 0 ? (
            <Alert tone="info" title={m.warnings}>
              <ul>
                {query.data.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <ApplicationHistory fund={fund} compilation={query.data} />
          <ReceiptList receipts={query.data.receipts} headingLevel={headingLevel === 2 ? 3 : 4} />
        </>
      )}
    </section>
  );
}
