import { useQueries } from '@tanstack/react-query';
import { FUNDS, type Fund } from '../../../domain/applicationStatus.ts';
import { formatItalianDate, italianDateTime } from '../../../domain/italianDates.ts';
import { messages } from '../../../domain/messages.ts';
import { monitoringMessages } from '../../../domain/messages/monitoring.ts';
import type { MonitoringRow } from '../../../domain/monitoring.ts';
import { applicationQueries, hasApplication } from '../../api/applications.ts';
import type { ApiClient } from '../../api/client.ts';
import { monitoringQueries } from '../../api/monitoring.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { cardTableBody, cardTableHead, cardTableRow } from '../../ui/CardTable.css.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import * as styles from './MonitoringPage.css.ts';

const m = monitoringMessages;
const columns = [m.columns.id, m.columns.title, m.columns.fund, m.columns.due, m.columns.compilata, m.columns.link];

/**
 * Spec §2 /monitoraggio: the monitoring periods of the selected organisation's applications (ShowMonitoraggioTur /
 * ShowMonitoraggioPui): title, fund, due day, compilata (and overdue), and the link to fill it in or read it.
 */
export function MonitoringPage({ api, organizationId }: { api: ApiClient; organizationId: string }) {
  const compilations = useQueries({ queries: FUNDS.map((fund) => applicationQueries.compilation(api, fund, organizationId)) });
  const applications = FUNDS.flatMap((fund, index) => {
    const compilation = compilations[index]?.data;
    return compilation && hasApplication(compilation) ? [{ fund, candidaturaId: compilation.id }] : [];
  });
  const periods = useQueries({ queries: applications.map(({ fund, candidaturaId }) => monitoringQueries.rows(api, fund, candidaturaId)) });
  const all = [...compilations, ...periods];
  const failed = all.some((query) => query.isError);
  const ready = compilations.every((query) => query.isSuccess) && periods.every((query) => query.isSuccess);
  const rows = periods.flatMap((query) => query.data ?? []);

  return (
    <>
      <h1>{m.pageTitle}</h1>
      <p>{m.intro}</p>
      {failed ? (
        <>
          <Alert tone="error">{m.loadFailed}</Alert>
          <Button onPress={() => all.forEach((query) => void query.refetch())}>{messages.funds.retry}</Button>
        </>
      ) : !ready ? (
        <Spinner label={m.loading} />
      ) : rows.length === 0 ? (
        <Alert tone="info">{m.empty}</Alert>
      ) : (
        <table className={styles.table} aria-label={m.tableLabel}>
          <thead className={cardTableHead}>
            <tr>
              {columns.map((heading) => (
                <th key={heading} scope="col" className={styles.cell}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={cardTableBody}>
            {rows.map((row, index) => (
              <PeriodRow key={`${row.fund}-${row.id}`} row={row} number={index + 1} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function PeriodRow({ row, number }: { row: MonitoringRow; number: number }) {
  const fund = row.fund as Fund;
  const readOnly = row.compilata || !row.current || row.link.includes('isReadOnly=true');
  const action = readOnly ? m.view : m.fill;
  const search = { monitoraggio: true, periodo: row.id, ...(readOnly ? { isReadOnly: true } : {}) };
  return (
    <tr className={cardTableRow}>
      <td className={styles.cell} data-label={m.columns.id}>
        {number}
      </td>
      <th scope="row" className={styles.titleCell}>
        {row.title}
        {row.reminders.length > 0 ? (
          <span className={styles.reminders}>
            {m.reminders}: {row.reminders.map((r) => `${italianDateTime(r.sentAt)} (${m.reminderKinds[r.kind]})`).join(', ')}
          </span>
        ) : null}
      </th>
      <td className={styles.cell} data-label={m.columns.fund}>
        {fund}
      </td>
      <td className={styles.cell} data-label={m.columns.due}>
        {formatItalianDate(row.effectiveDueOn)}
        {row.overdue ? <span className={styles.overdue}> ({m.overdue})</span> : null}
      </td>
      <td className={styles.cell} data-label={m.columns.compilata}>
        {row.compilata ? m.yes : m.no}
      </td>
      <td className={styles.cell}>
        <Link
          to="/survey/{$fund}_istruttoria/$organizationId"
          params={{ fund, organizationId: row.organizationId }}
          search={search}
          aria-label={m.linkLabel(action, row.title, fund)}
        >
          {action}
        </Link>
      </td>
    </tr>
  );
}
