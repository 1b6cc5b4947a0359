import { monitoringQueries } from '../../api/monitoring.ts';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouteContext } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { FUNDS } from '../../../domain/applicationStatus.ts';
import { useBulkAction } from './useBulkAction.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { applicationsMessages } from '../../../domain/messages/applications.ts';
import { adminOrganizationQueries } from '../../api/adminOrganizations.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { filters as filtersStyle } from './AdminOrganizations.css.ts';
import { AdminListFilterControls } from './AdminListFilterControls.tsx';
import { AdminListPager, AdminListToolbar } from './AdminListToolbar.tsx';
import { AdminOrganizationsTable } from './AdminOrganizationsTable.tsx';
import { parseListReturn, type AdminListSearch } from './adminListSearch.ts';
import { compilationOf, exportableFunds, filterItems, indexItems, pageOf, searchItems, sortItems } from './adminListView.ts';
import { StatusChangeDialog } from './StatusChangeDialog.tsx';
import { useListDownloads } from './useListDownloads.ts';
import { useListSearchText } from './useListSearchText.ts';
import { useStatusChange } from './useStatusChange.ts';

const m = adminPanelMessages;

// Issue 44: the actions on many applications at once, loaded with the list's first render rather than in its chunk.
const BulkActionPanel = lazy(() => import('./BulkActionPanel.tsx').then((module) => ({ default: module.BulkActionPanel })));

interface AdminOrganizationsTabProps {
  search: AdminListSearch;
  onSearchChange(patch: Partial<AdminListSearch>, options?: { replace?: boolean }): void;
}

/**
 * Spec §2, tab 'Gestione organizzazioni': every organisation with its TUR and PUI application and drafts.
 * A keystroke in the search box re-renders this component, the count and the table's new rows only: the
 * filters, the Excel buttons, the pager and the dialog are memoised and get stable callbacks.
 */
export function AdminOrganizationsTab({ search, onSearchChange }: AdminOrganizationsTabProps) {
  const { api } = useRouteContext({ from: '__root__' });
  const query = useQuery(adminOrganizationQueries.list(api));
  const overdueIds = useQuery(monitoringQueries.overdue(api)).data;
  const overdue = useMemo(() => (overdueIds ? new Set(overdueIds) : undefined), [overdueIds]);

  // --- search box: local text for the list, debounced write to the URL ---
  const { text, setText, changeFilters, resetFilters, changePage } = useListSearchText(search.q, onSearchChange);

  // --- the list: indexed once per load, filtered per filter change, searched per keystroke ---
  const indexed = useMemo(() => indexItems(query.data ?? []), [query.data]);
  const sorted = useMemo(() => sortItems(indexed, search.sort), [indexed, search.sort]);
  const filtered = useMemo(
    () => filterItems(sorted, { fund: search.fund, statuses: search.statuses, from: search.from, to: search.to }),
    [sorted, search.fund, search.statuses, search.from, search.to],
  );
  const listed = useMemo(() => searchItems(filtered, text), [filtered, text]);
  const page = useMemo(() => pageOf(listed, text === (search.q ?? '') ? search.page : 1), [listed, text, search.q, search.page]);

  // --- status change dialog (the same on every admin page about one application) ---
  const statusChange = useStatusChange(api);
  // The list's query string, carried by the links to one application so their way back keeps the filters.
  const lista = useLocation({ select: (location) => parseListReturn(location.searchStr) });

  // --- many applications at once (issue 44): ticked in the table, acted on by the lazy panel ---
  const bulk = useBulkAction();
  const { send: sendBulk } = bulk;
  const pageIds = useMemo(() => page.rows.flatMap((row) => FUNDS.flatMap((fund) => compilationOf(row.item, fund)?.id ?? [])), [page.rows]);
  const bulkFilters = useMemo(
    () => ({
      ...(text.trim() === '' ? {} : { q: text.trim() }),
      ...(search.fund ? { fund: search.fund } : {}),
      ...(search.statuses && search.statuses.length > 0 ? { statuses: search.statuses } : {}),
      ...(search.from && search.to ? { from: search.from, to: search.to } : {}),
    }),
    [text, search.fund, search.statuses, search.from, search.to],
  );
  const onToggle = useCallback((id: string) => sendBulk({ type: 'selection.toggle', id }), [sendBulk]);
  const selectedIds = bulk.view.selectedIds;
  const selection = useMemo(
    () => ({ selected: new Set(selectedIds ?? []), all: bulk.view.matching, onToggle }),
    [selectedIds, bulk.view.matching, onToggle],
  );

  // --- Excel per fund, attachments zip per organisation and fund ---
  const { downloading, downloadExcel, downloadZip } = useListDownloads(listed);

  if (query.data === undefined) {
    if (query.isError) {
      return (
        <>
          <Alert tone="error" title={m.loadFailed}>
            {query.error.message}
          </Alert>
          <Button onPress={() => void query.refetch()}>{m.retry}</Button>
        </>
      );
    }
    return <Spinner label={m.loading} />;
  }

  return (
    <>
      <div role="search" aria-label={m.filters} className={filtersStyle}>
        <SearchField label={m.search} value={text} onChange={setText} description={m.searchHint} />
        <AdminListFilterControls
          sort={search.sort}
          fund={search.fund}
          statuses={search.statuses}
          from={search.from}
          to={search.to}
          onChange={changeFilters}
          onReset={resetFilters}
        />
      </div>

      <AdminListToolbar count={listed.length} exportable={exportableFunds(listed)} downloading={downloading} onDownload={downloadExcel} />

      <Suspense fallback={<Spinner />}>
        <BulkActionPanel {...bulk} pageIds={pageIds} filters={bulkFilters} />
      </Suspense>

      {listed.length === 0 ? (
        <p>{applicationsMessages.noResults}</p>
      ) : (
        <>
          <AdminOrganizationsTable
            rows={page.rows}
            overdue={overdue}
            lista={lista}
            onChooseStatus={statusChange.chooseStatus}
            onDownloadZip={downloadZip}
            selection={selection}
          />
          <AdminListPager page={page.page} pages={page.pages} onPage={changePage} />
        </>
      )}

      <StatusChangeDialog {...statusChange.dialog} />
    </>
  );
}
