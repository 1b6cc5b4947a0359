import { memo } from 'react';
import { FUNDS, type Fund } from '../../../domain/applicationStatus.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { count as countStyle, exportButtons, pager, toolbar } from './AdminOrganizations.css.ts';

const m = adminPanelMessages;

interface ToolbarProps {
  count: number;
  /** Whether the listed organisations have any application to export, per fund. */
  exportable: Readonly<Record<Fund, boolean>>;
  downloading: Fund | null;
  onDownload(fund: Fund): void;
}

/** How many organisations are listed (announced politely) and the Excel export per fund. */
export function AdminListToolbar({ count, ...exportProps }: ToolbarProps) {
  return (
    <div className={toolbar}>
      <p className={countStyle} role="status" aria-live="polite">
        {m.resultCount(count)}
      </p>
      <ExcelButtons {...exportProps} />
    </div>
  );
}

/** Memoised apart from the count (and compared fund by fund): a keystroke that changes only the count re-renders no button. */
const ExcelButtons = memo(
  function ExcelButtons({ exportable, downloading, onDownload }: Omit<ToolbarProps, 'count'>) {
    return (
      <div className={exportButtons}>
        {FUNDS.map((fund) =>
          downloading === fund ? (
            <Spinner key={fund} label={m.excelDownloading} />
          ) : (
            <Button key={fund} variant="secondary" isDisabled={!exportable[fund] || downloading !== null} onPress={() => onDownload(fund)}>
              {m.excel(fund)}
            </Button>
          ),
        )}
      </div>
    );
  },
  (before, after) =>
    before.downloading === after.downloading &&
    before.onDownload === after.onDownload &&
    FUNDS.every((fund) => before.exportable[fund] === after.exportable[fund]),
);

interface PagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
}

/** Previous / next page of the list, shown when it has more than one page. */
export const AdminListPager = memo(function AdminListPager({ page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={m.pagination} className={pager}>
      <Button variant="secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {m.previousPage}
      </Button>
      <span>{m.page(page, pages)}</span>
      <Button variant="secondary" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {m.nextPage}
      </Button>
    </nav>
  );
});
