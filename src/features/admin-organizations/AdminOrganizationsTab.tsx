import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { parseDate } from '@internationalized/date';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AdminListSort } from '../../../domain/application.ts';
import { ADMIN_LIST_SORTS } from '../../../domain/application.ts';
import { APPLICATION_STATUS_CODES, FUNDS, applicationStatusLabels, type ApplicationStatusCode, type Fund } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import { selectAccessToken } from '../../../machines/auth/selectors.ts';
import { createStatusChangeActors } from '../../../machines/status-change/actors.ts';
import { statusChangeMachine } from '../../../machines/status-change/statusChange.machine.ts';
import { selectIsDialogOpen, selectIsSubmitting, selectNote, selectRequest } from '../../../machines/status-change/selectors.ts';
import type { StatusChangeRequest } from '../../../machines/status-change/types.ts';
import { adminOrganizationQueries, downloadExcelCompilazioni, excelFileName, saveBlob } from '../../api/adminOrganizations.ts';
import { updateCompilationStatus } from '../../api/applications.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { CheckboxGroup } from '../../ui/CheckboxGroup.tsx';
import { DateRangePicker } from '../../ui/DateRangePicker.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { notify } from '../../ui/Toast.tsx';
import { count, filters as filtersStyle, pager, toolbar, wide } from './AdminOrganizations.css.ts';
import { AdminOrganizationsTable } from './AdminOrganizationsTable.tsx';
import type { AdminListSearch } from './adminListSearch.ts';
import { applicationIdsOf, filterItems, indexItems, pageOf, searchItems, sortItems } from './adminListView.ts';
import { StatusChangeDialog } from './StatusChangeDialog.tsx';

const m = messages.adminPanel;
/** The URL follows the search box after a pause; the list itself follows every keystroke. */
const URL_WRITE_DELAY_MS = 300;

const sortOptions = ADMIN_LIST_SORTS.map((id) => ({ id, name: m.sortOptions[id] }));
const fundOptions = [{ id: 'all', name: m.allFunds }, ...FUNDS.map((fund) => ({ id: fund, name: fund }))];
const statusOptions = APPLICATION_STATUS_CODES.map((code) => ({ id: code, name: applicationStatusLabels[code] }));

interface AdminOrganizationsTabProps {
  search: AdminListSearch;
  onSearchChange(patch: Partial<AdminListSearch>, options?: { replace?: boolean }): void;
}

/** Spec §2, tab 'Gestione organizzazioni': every organisation with its TUR and PUI application and drafts. */
export function AdminOrganizationsTab({ search, onSearchChange }: AdminOrganizationsTabProps) {
  const { api, auth } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const query = useQuery(adminOrganizationQueries.list(api));

  // --- search box: local text for the list, debounced write to the URL ---
  const [text, setText] = useState(search.q ?? '');
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
  const changeFilters = (patch: Partial<AdminListSearch>) => {
    lastWritten.current = text;
    onSearchChange({ q: text === '' ? undefined : text, ...patch });
  };

  // --- the list: indexed once per load, filtered per filter change, searched per keystroke ---
  const indexed = useMemo(() => indexItems(query.data ?? []), [query.data]);
  const sorted = useMemo(() => sortItems(indexed, search.sort), [indexed, search.sort]);
  const filtered = useMemo(
    () => filterItems(sorted, { fund: search.fund, statuses: search.statuses, from: search.from, to: search.to }),
    [sorted, search.fund, search.statuses, search.from, search.to],
  );
  const listed = useMemo(() => searchItems(filtered, text), [filtered, text]);
  const page = pageOf(listed, text === (search.q ?? '') ? search.page : 1);

  // --- status change dialog ---
  const statusChange = useActorRef(
    statusChangeMachine.provide({
      actors: createStatusChangeActors(({ request, note }) =>
        updateCompilationStatus(api, { fund: request.fund, applicationId: request.applicationId, status: applicationStatusLabels[request.to], note }),
      ),
      actions: {
        notifySucceeded: () => {
          notify({ tone: 'success', title: messages.applications.statusChangedTitle, description: messages.applications.statusChanged });
          void queryClient.invalidateQueries({ queryKey: ['application'] });
        },
        notifyFailed: () => {
          notify({ tone: 'error', title: messages.applications.statusChangedTitle, description: messages.applications.statusChangeFailed });
          void queryClient.invalidateQueries({ queryKey: ['application'] });
        },
      },
    }),
  );
  const isDialogOpen = useSelector(statusChange, selectIsDialogOpen);
  const isSubmitting = useSelector(statusChange, selectIsSubmitting);
  const request = useSelector(statusChange, selectRequest);
  const note = useSelector(statusChange, selectNote);
  const chooseStatus = (next: StatusChangeRequest) => statusChange.send({ type: 'status.choose', request: next });

  // --- Excel ---
  const [downloading, setDownloading] = useState<Fund | null>(null);
  async function downloadExcel(fund: Fund) {
    setDownloading(fund);
    try {
      const blob = await downloadExcelCompilazioni(selectAccessToken(auth.getSnapshot()), fund, applicationIdsOf(listed, fund));
      saveBlob(blob, excelFileName(fund));
    } catch {
      // Spec §8: an Excel failure only stops the spinner.
    } finally {
      setDownloading(null);
    }
  }

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

  const dateRange = search.from && search.to ? { start: parseDate(search.from), end: parseDate(search.to) } : null;

  return (
    <>
      <div role="search" aria-label={m.filters} className={filtersStyle}>
        <SearchField label={m.search} value={text} onChange={setText} description={m.searchHint} />
        <Select
          label={m.sort}
          items={sortOptions}
          value={search.sort ?? 'name'}
          onChange={(id) => changeFilters({ sort: id === null || id === 'name' ? undefined : (id as AdminListSort), page: undefined })}
        />
        <Select
          label={m.fund}
          items={fundOptions}
          value={search.fund ?? 'all'}
          onChange={(id) => changeFilters({ fund: id === 'TUR' || id === 'PUI' ? id : undefined, page: undefined })}
        />
        <DateRangePicker
          label={m.dateRange}
          description={m.dateRangeHint}
          value={dateRange}
          onChange={(range) =>
            changeFilters({ from: range?.start.toString(), to: range?.end.toString(), page: undefined })
          }
        />
        <div className={wide}>
          <CheckboxGroup
            label={m.statuses}
            options={statusOptions}
            value={search.statuses ?? []}
            onChange={(codes) =>
              changeFilters({ statuses: codes.length === 0 ? undefined : (codes as ApplicationStatusCode[]), page: undefined })
            }
          />
        </div>
        <div>
          <Button
            variant="secondary"
            onPress={() => {
              lastWritten.current = '';
              setText('');
              onSearchChange({ q: undefined, fund: undefined, statuses: undefined, from: undefined, to: undefined, sort: undefined, page: undefined });
            }}
          >
            {m.reset}
          </Button>
        </div>
      </div>

      <div className={toolbar}>
        <p className={count} role="status" aria-live="polite">
          {m.resultCount(listed.length)}
        </p>
        {FUNDS.map((fund) => {
          const available = applicationIdsOf(listed, fund).length > 0;
          return downloading === fund ? (
            <Spinner key={fund} label={m.excelDownloading} />
          ) : (
            <Button key={fund} variant="secondary" isDisabled={!available || downloading !== null} onPress={() => void downloadExcel(fund)}>
              {m.excel(fund)}
            </Button>
          );
        })}
      </div>

      {listed.length === 0 ? (
        <p>{messages.applications.noResults}</p>
      ) : (
        <>
          <AdminOrganizationsTable rows={page.rows} onChooseStatus={chooseStatus} />
          {page.pages > 1 ? (
            <nav aria-label={m.pagination} className={pager}>
              <Button variant="secondary" isDisabled={page.page <= 1} onPress={() => changeFilters({ page: page.page - 1 })}>
                {m.previousPage}
              </Button>
              <span>{m.page(page.page, page.pages)}</span>
              <Button variant="secondary" isDisabled={page.page >= page.pages} onPress={() => changeFilters({ page: page.page + 1 })}>
                {m.nextPage}
              </Button>
            </nav>
          ) : null}
        </>
      )}

      <StatusChangeDialog
        request={request}
        isOpen={isDialogOpen}
        isSubmitting={isSubmitting}
        note={note}
        onNoteChange={(value) => statusChange.send({ type: 'note.change', note: value })}
        onConfirm={() => statusChange.send({ type: 'dialog.confirm' })}
        onCancel={() => statusChange.send({ type: 'dialog.cancel' })}
      />
    </>
  );
}
