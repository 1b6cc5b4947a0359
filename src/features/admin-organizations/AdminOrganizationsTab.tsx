import { monitoringQueries } from '../../api/monitoring.ts';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { applicationsMessages } from '../../../domain/messages/applications.ts';
import { adminOrganizationQueries, downloadExcelCompilazioni, excelFileName } from '../../api/adminOrganizations.ts';
import { saveBlob } from '../../api/saveBlob.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { notify } from '../../ui/toastQueue.ts';
import { filters as filtersStyle } from './AdminOrganizations.css.ts';
import { AdminListFilterControls } from './AdminListFilterControls.tsx';
import { AdminListPager, AdminListToolbar } from './AdminListToolbar.tsx';
import { AdminOrganizationsTable, type ZipRequest } from './AdminOrganizationsTable.tsx';
import { parseListReturn, type AdminListSearch } from './adminListSearch.ts';
import { applicationIdsOf, exportableFunds, filterItems, indexItems, pageOf, searchItems, sortItems } from './adminListView.ts';
import { StatusChangeDialog } from './StatusChangeDialog.tsx';
import { useStatusChange } from './useStatusChange.ts';

const m = adminPanelMessages;
/** The URL follows the search box after a pause; the list itself follows every keystroke. */
const URL_WRITE_DELAY_MS = 300;

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
  const { api, transfers } = useRouteContext({ from: '__root__' });
  const query = useQuery(adminOrganizationQueries.list(api));
  const overdueIds = useQuery(monitoringQueries.overdue(api)).data;
  const overdue = useMemo(() => (overdueIds ? new Set(overdueIds) : undefined), [overdueIds]);

  // --- search box: local text for the list, debounced write to the URL ---
  const [text, setText] = useState(search.q ?? '');
  /** What the stable callbacks below read: the text and the list as last rendered. */
  const textRef = useRef(text);
  const lastWritten = useRef(search.q ?? '');
  useEffect(() => {
    // Back/forward or a shared link changed the URL: the box follows it.
    if ((search.q ?? '') !== lastWritten.current) {
      lastWritten.current = search.q ?? '';
      setText(search.q ?? '');
    }
  }, [search.q]);
  useEffect(() => {
    if (text === lastWritten.current) return;
    const timer = window.setTimeout(() => {
      if (text === lastWritten.current) return; // a filter change already wrote it
      lastWritten.current = text;
      onSearchChange({ q: text === '' ? undefined : text, page: undefined }, { replace: true });
    }, URL_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearchChange]);
  /**
   * Any other change to the URL (filters, sort, page) carries the box's text as it is now: otherwise a filter
   * chosen within the pause after typing would write the previous search into the URL (and a shared link or a
   * reload would show a list that is not the one on screen).
   */
  const changeFilters = useCallback(
    (patch: Partial<AdminListSearch>) => {
      const current = textRef.current;
      lastWritten.current = current;
      onSearchChange({ q: current === '' ? undefined : current, ...patch });
    },
    [onSearchChange],
  );
  const resetFilters = useCallback(() => {
    lastWritten.current = '';
    setText('');
    onSearchChange({
      q: undefined,
      fund: undefined,
      statuses: undefined,
      from: undefined,
      to: undefined,
      sort: undefined,
      page: undefined,
    });
  }, [onSearchChange]);
  const changePage = useCallback((page: number) => changeFilters({ page }), [changeFilters]);

  // --- the list: indexed once per load, filtered per filter change, searched per keystroke ---
  const indexed = useMemo(() => indexItems(query.data ?? []), [query.data]);
  const sorted = useMemo(() => sortItems(indexed, search.sort), [indexed, search.sort]);
  const filtered = useMemo(
    () => filterItems(sorted, { fund: search.fund, statuses: search.statuses, from: search.from, to: search.to }),
    [sorted, search.fund, search.statuses, search.from, search.to],
  );
  const listed = useMemo(() => searchItems(filtered, text), [filtered, text]);
  const listedRef = useRef(listed);
  useLayoutEffect(() => {
    textRef.current = text;
    listedRef.current = listed;
  }, [text, listed]);
  const page = useMemo(() => pageOf(listed, text === (search.q ?? '') ? search.page : 1), [listed, text, search.q, search.page]);

  // --- status change dialog (the same on every admin page about one application) ---
  const statusChange = useStatusChange(api);
  // The list's query string, carried by the links to one application so their way back keeps the filters.
  const lista = useLocation({ select: (location) => parseListReturn(location.searchStr) });

  // --- Excel ---
  const [downloading, setDownloading] = useState<Fund | null>(null);
  const downloadExcel = useCallback(
    async (fund: Fund) => {
      setDownloading(fund);
      try {
        const blob = await downloadExcelCompilazioni(api, fund, applicationIdsOf(listedRef.current, fund));
        saveBlob(blob, excelFileName(fund));
      } catch {
        // Spec §8: an Excel failure only stops the spinner.
      } finally {
        setDownloading(null);
      }
    },
    [api],
  );
  const startDownload = useCallback((fund: Fund) => void downloadExcel(fund), [downloadExcel]);

  // --- Attachments zip (spec §2: per organisation and fund) ---
  const downloadZip = useCallback(
    ({ fund, organizationId }: ZipRequest) => {
      transfers.downloadZip(organizationId, fund).then(
        ({ blob, fileName }) => saveBlob(blob, fileName),
        // Nothing to zip yet (404) or a failure: the server's Italian message says which.
        (error: unknown) => notify({ tone: 'error', title: m.zipFailed, description: error instanceof Error ? error.message : undefined }),
      );
    },
    [transfers],
  );

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

      <AdminListToolbar count={listed.length} exportable={exportableFunds(listed)} downloading={downloading} onDownload={startDownload} />

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
          />
          <AdminListPager page={page.page} pages={page.pages} onPage={changePage} />
        </>
      )}

      <StatusChangeDialog {...statusChange.dialog} />
    </>
  );
}
