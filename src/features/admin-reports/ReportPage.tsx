import { parseDate } from '@internationalized/date';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { FUNDS, fundTitles, type Fund } from '../../../domain/applicationStatus.ts';
import { reportMessages } from '../../../domain/reports/reportMessages.ts';
import { reportSummary } from '../../../domain/reports/reportCatalog.ts';
import { REPORT_WORKSPACE_ID } from '../../../domain/reports/reportIds.ts';
import { reportQueries, type ReportRequest } from '../../api/reports.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { DateRangePicker } from '../../ui/DateRangePicker.tsx';
import { Link } from '../../ui/Link.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { filterActions, filters as filtersStyle, muted } from './AdminReports.css.ts';
import { ReportSectionView } from './ReportSectionView.tsx';
import type { ReportSearch } from './reportSearch.ts';
import { useReportExcel } from './useReportExcel.ts';

const m = reportMessages.page;
const fundOptions = [
  { id: 'all', name: reportMessages.labels.allFunds },
  ...FUNDS.map((fund) => ({ id: fund, name: `${fund} – ${fundTitles[fund]}` })),
];

interface ReportPageProps {
  search: ReportSearch;
  onSearchChange(patch: Partial<ReportSearch>): void;
}

/**
 * One report: its filters (fund, presentation days in Rome) live in the URL with wid and rid; the
 * server computes the figures; each section is a chart with its table; "Scarica Excel" takes the tables away.
 */
export function ReportPage({ search, onSearchChange }: ReportPageProps) {
  const { wid, rid, fund, from, to } = search;
  if (wid !== REPORT_WORKSPACE_ID || rid === undefined) {
    return (
      <>
        <h1>{m.unknownReport}</h1>
        <p>
          <Link to="/admin-panel" search={{ tab: 'reports' }}>
            {m.backToList}
          </Link>
        </p>
      </>
    );
  }
  return <KnownReport request={{ workspaceId: wid, reportId: rid, fund, from, to }} onSearchChange={onSearchChange} />;
}

function KnownReport({
  request,
  onSearchChange,
}: {
  request: ReportRequest & { reportId: NonNullable<ReportSearch['rid']> };
  onSearchChange: ReportPageProps['onSearchChange'];
}) {
  const { api } = useRouteContext({ from: '__root__' });
  const query = useQuery(reportQueries.report(api, request));
  const summary = reportSummary(request.reportId);
  const excel = useReportExcel(request);
  const dateRange = request.from && request.to ? { start: parseDate(request.from), end: parseDate(request.to) } : null;

  return (
    <>
      <p>
        <Link to="/admin-panel" search={{ tab: 'reports' }}>
          {m.backToList}
        </Link>
      </p>
      <h1>{summary.title}</h1>
      <p className={muted}>{summary.description}</p>
      <section aria-label={m.filtersLegend} className={filtersStyle}>
        <Select
          label={m.fundFilter}
          items={fundOptions}
          value={request.fund ?? 'all'}
          onChange={(id) => onSearchChange({ fund: FUNDS.includes(id as Fund) ? (id as Fund) : undefined })}
        />
        <DateRangePicker
          label={m.periodFilter}
          description={reportMessages.notes.period}
          value={dateRange}
          onChange={(range) => onSearchChange({ from: range?.start.toString(), to: range?.end.toString() })}
        />
        <div className={filterActions}>
          {dateRange ? (
            <Button variant="secondary" onPress={() => onSearchChange({ from: undefined, to: undefined })}>
              {m.clearPeriod}
            </Button>
          ) : null}
          <Button onPress={excel.download} isPending={excel.isDownloading}>
            {m.download}
          </Button>
        </div>
      </section>
      {query.isError ? (
        <Alert tone="error">
          {query.error instanceof Error ? query.error.message : m.loadFailed}{' '}
          <Button variant="secondary" onPress={() => void query.refetch()}>
            {m.retry}
          </Button>
        </Alert>
      ) : !query.data ? (
        <Spinner label={m.loading} />
      ) : (
        <div aria-busy={query.isPlaceholderData}>
          {query.data.sections.map((section) => (
            <ReportSectionView key={section.id} section={section} />
          ))}
        </div>
      )}
    </>
  );
}
