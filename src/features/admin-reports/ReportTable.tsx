import type { ReportSection } from '../../../domain/reports/reportData.ts';
import { formatReportCell } from '../../../domain/reports/reportFormat.ts';
import { reportMessages } from '../../../domain/reports/reportMessages.ts';
import { caption, cell, headerCell, headerNumberCell, numberCell, table, tableWrap } from './AdminReports.css.ts';

/** The chart's figures as a real table: a caption, column headers, and each row named by its first cell. */
export function ReportTable({ section }: { section: ReportSection }) {
  const [first, ...others] = section.columns;
  if (!first) return null;
  const isNumber = (kind: string) => kind !== 'text' && kind !== 'day';
  const captionId = `report-table-${section.id}`;
  // A wide table scrolls sideways inside its region, which the keyboard can focus and scroll too.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
    <div className={tableWrap} role="region" aria-labelledby={captionId} tabIndex={0} data-scroll-region="table">
      <table className={table} data-report-table={section.id}>
        <caption id={captionId} className={caption}>
          {reportMessages.page.tableCaption(section.title)}
        </caption>
        <thead>
          <tr>
            {section.columns.map((column) => (
              <th key={column.key} scope="col" className={isNumber(column.kind) ? headerNumberCell : headerCell}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.rows.map((row, index) => (
            <tr key={`${String(row[first.key])}-${index}`}>
              <th scope="row" className={cell}>
                {formatReportCell(first.kind, row[first.key] ?? null)}
              </th>
              {others.map((column) => (
                <td key={column.key} className={isNumber(column.kind) ? numberCell : cell}>
                  {formatReportCell(column.kind, row[column.key] ?? null)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
