import { parseDate } from '@internationalized/date';
import { memo } from 'react';
import { ADMIN_LIST_SORTS, sortedFund, type AdminListSort } from '../../../domain/adminListSorts.ts';
import { APPLICATION_STATUS_CODES, FUNDS, applicationStatusLabels, type ApplicationStatusCode } from '../../../domain/applicationStatus.ts';
import { isOneOf } from '../../../domain/oneOf.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { Button } from '../../ui/Button.tsx';
import { DateRangePicker } from '../../ui/DateRangePicker.tsx';
import { MultiSelect } from '../../ui/MultiSelect.tsx';
import { Select } from '../../ui/Select.tsx';
import { resetCell } from './AdminOrganizations.css.ts';
import type { AdminListSearch } from './adminListSearch.ts';

const m = adminPanelMessages;
const sortLabel = (sort: AdminListSort) => {
  const byFund = sortedFund(sort);
  return byFund ? m.sortByFund(byFund.fund, byFund.newestFirst) : m.sortOptions[sort as keyof typeof m.sortOptions];
};
const sortOptions = ADMIN_LIST_SORTS.map((id) => ({ id, name: sortLabel(id) }));
const fundOptions = [{ id: 'all', name: m.allFunds }, ...FUNDS.map((fund) => ({ id: fund, name: fund }))];
const statusOptions = APPLICATION_STATUS_CODES.map((code) => ({ id: code, name: applicationStatusLabels[code] }));
const noStatuses: ApplicationStatusCode[] = [];

interface FilterControlsProps extends Pick<AdminListSearch, 'sort' | 'fund' | 'statuses' | 'from' | 'to'> {
  onChange(patch: Partial<AdminListSearch>): void;
  onReset(): void;
}

/**
 * Sort, fund, statuses (a closed list saying how many are chosen), candidacy dates and reset (spec §2), next
 * to the search box. Memoised with stable
 * callbacks: a keystroke in the search box re-renders none of these react-aria fields.
 */
export const AdminListFilterControls = memo(function AdminListFilterControls({
  sort,
  fund,
  statuses,
  from,
  to,
  onChange,
  onReset,
}: FilterControlsProps) {
  const dateRange = from && to ? { start: parseDate(from), end: parseDate(to) } : null;
  return (
    <>
      <Select
        label={m.sort}
        items={sortOptions}
        value={sort ?? 'name'}
        onChange={(id) => onChange({ sort: id === null || id === 'name' ? undefined : (id as AdminListSort), page: undefined })}
      />
      <Select
        label={m.fund}
        items={fundOptions}
        value={fund ?? 'all'}
        onChange={(id) => onChange({ fund: isOneOf(FUNDS, id) ? id : undefined, page: undefined })}
      />
      <MultiSelect
        label={m.statuses}
        options={statusOptions}
        value={statuses ?? noStatuses}
        noneChosen={m.allStatuses}
        someChosen={m.statusesChosen}
        onChange={(codes) => onChange({ statuses: codes.length === 0 ? undefined : (codes as ApplicationStatusCode[]), page: undefined })}
      />
      <DateRangePicker
        label={m.dateRange}
        description={m.dateRangeHint}
        value={dateRange}
        onChange={(range) => onChange({ from: range?.start.toString(), to: range?.end.toString(), page: undefined })}
      />
      <div className={resetCell}>
        <Button variant="secondary" onPress={onReset}>
          {m.reset}
        </Button>
      </div>
    </>
  );
});
