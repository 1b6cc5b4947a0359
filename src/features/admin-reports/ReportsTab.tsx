import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { reportMessages } from '../../../domain/reports/reportMessages.ts';
import { reportQueries } from '../../api/reports.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { muted, reportItem, reportItemTitle, reportList } from './AdminReports.css.ts';

const m = reportMessages.page;

/**
 * Spec §2, tab 'Reportistica': the call's reports, each a link to its page (wid, rid in the URL). While the
 * call has no application there is none, and the tab says 'Nessun report disponibile' (spec §8). The charts'
 * library is not loaded here: only the report page uses it.
 */
export function ReportsTab() {
  const { api } = useRouteContext({ from: '__root__' });
  const query = useQuery(reportQueries.list(api));
  if (query.isError) {
    return (
      <Alert tone="error">
        {m.loadFailed}{' '}
        <Button variant="secondary" onPress={() => void query.refetch()}>
          {m.retry}
        </Button>
      </Alert>
    );
  }
  if (!query.data) return <Spinner />;
  if (query.data.reports.length === 0) return <p>{messages.pages.noReports}</p>;
  const workspaceId = query.data.workspaceId;
  return (
    <>
      <p>{m.listIntro}</p>
      <ul className={reportList}>
        {query.data.reports.map((report) => (
          <li key={report.id} className={reportItem}>
            <h2 className={reportItemTitle}>
              <Link to="/admin-panel/report" search={{ wid: workspaceId, rid: report.id }}>
                {report.title}
              </Link>
            </h2>
            <p className={muted}>{report.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
