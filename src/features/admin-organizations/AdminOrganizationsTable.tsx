import { memo } from 'react';
import { FUNDS, type Fund } from '../../../domain/applicationStatus.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import type { StatusChangeRequest } from '../../../machines/status-change/types.ts';
import { AnchorLink } from '../../ui/Link.tsx';
import {
  cardTable as table,
  cardTableBody as tableBody,
  cardTableHead as tableHead,
  cardTableRow as tableRow,
} from '../../ui/CardTable.css.ts';
import { Menu } from '../../ui/Menu.tsx';
import { cellStyle, chip, menuTrigger, rowHeader, small, tableWrap } from './AdminOrganizations.css.ts';
import { withListReturn } from './listReturn.ts';
import { bulkActionsMessages } from '../../../domain/messages/bulkActions.ts';
import { rowCheckbox } from './BulkActions.css.ts';
import { rowViewOf, type AdminRowView, type ApplicationCellView, type IndexedItem } from './adminListView.ts';

const m = adminPanelMessages;

/** The applications ticked for an action on many at once (issue 44); `all`: every one matching the filters. */
export interface TableSelection {
  selected: ReadonlySet<string>;
  all: boolean;
  onToggle(applicationId: string): void;
}

/** Which attachments zip an admin asked for. */
export interface ZipRequest {
  fund: Fund;
  organizationId: string;
}

interface TableProps {
  rows: readonly IndexedItem[];
  /** Applications whose current monitoring period is overdue (GetMonitoraggiScaduti). */
  overdue?: ReadonlySet<string> | undefined;
  /** The list's query string: the links to one application carry it (?lista=…) for their way back. */
  lista?: string | undefined;
  onChooseStatus(request: StatusChangeRequest): void;
  onDownloadZip(request: ZipRequest): void;
  selection?: TableSelection | undefined;
}

/**
 * The current page of the list as a real table: one row per organisation, a column per fund; on a phone each
 * row shows as a card (AdminOrganizations.css.ts), still a table to assistive technology. A keystroke in
 * the search box mounts up to a page of new rows, so a row is plain elements and precomputed texts: plain
 * anchors, and a status menu that mounts react-aria only when opened.
 */
export const AdminOrganizationsTable = memo(function AdminOrganizationsTable({
  rows,
  overdue,
  lista,
  onChooseStatus,
  onDownloadZip,
  selection,
}: TableProps) {
  return (
    <div className={tableWrap}>
      <table className={table} aria-label={m.tableLabel}>
        <thead className={tableHead}>
          <tr>
            <th scope="col" className={cellStyle}>
              {m.organization}
            </th>
            {FUNDS.map((fund) => (
              <th key={fund} scope="col" className={cellStyle}>
                {fund}
              </th>
            ))}
            <th scope="col" className={cellStyle}>
              {m.drafts}
            </th>
          </tr>
        </thead>
        <tbody className={tableBody}>
          {rows.map((row) => (
            <OrganizationRow
              key={row.item.organization.id}
              view={rowViewOf(row.item)}
              overdue={overdue}
              lista={lista}
              onChooseStatus={onChooseStatus}
              onDownloadZip={onDownloadZip}
              selection={selection}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
});

const OrganizationRow = memo(function OrganizationRow({
  view,
  overdue,
  lista,
  onChooseStatus,
  onDownloadZip,
  selection,
}: {
  view: AdminRowView;
  overdue: ReadonlySet<string> | undefined;
  lista: string | undefined;
  onChooseStatus(request: StatusChangeRequest): void;
  onDownloadZip(request: ZipRequest): void;
  selection: TableSelection | undefined;
}) {
  return (
    <tr className={tableRow}>
      <th scope="row" className={`${cellStyle} ${rowHeader}`}>
        <AnchorLink href={view.href}>{view.name}</AnchorLink>
        {view.suspended === null ? null : <span className={small}>{view.suspended}</span>}
        <span className={small}>{view.pIva}</span>
      </th>
      {view.cells.map((cell) => (
        <td key={cell.fund} className={cellStyle} data-label={cell.fund}>
          <ApplicationCell
            cell={cell}
            organizationName={view.name}
            overdue={cell.application !== null && (overdue?.has(cell.application.id) ?? false)}
            lista={lista}
            onChooseStatus={onChooseStatus}
            onDownloadZip={onDownloadZip}
            selection={selection}
          />
        </td>
      ))}
      <td className={cellStyle} data-label={m.drafts}>
        {view.drafts.length === 0
          ? m.noDraft
          : view.drafts.map((draft) => (
              <span key={draft} className={small}>
                {draft}
              </span>
            ))}
      </td>
    </tr>
  );
});

function ApplicationCell({
  cell,
  organizationName,
  overdue,
  lista,
  onChooseStatus,
  onDownloadZip,
  selection,
}: {
  cell: ApplicationCellView;
  organizationName: string;
  overdue: boolean;
  lista: string | undefined;
  onChooseStatus(request: StatusChangeRequest): void;
  onDownloadZip(request: ZipRequest): void;
  selection: TableSelection | undefined;
}) {
  const { fund, application } = cell;
  if (application === null) return <span className={chip}>{cell.status}</span>;
  return (
    <>
      {selection ? (
        // A plain input, as the zip button below: a row mounts on every keystroke of the search.
        <input
          type="checkbox"
          className={rowCheckbox}
          aria-label={bulkActionsMessages.selectApplication(fund, organizationName)}
          checked={selection.all || selection.selected.has(application.id)}
          disabled={selection.all}
          onChange={() => selection.onToggle(application.id)}
        />
      ) : null}
      <span className={chip}>{cell.status}</span>
      {overdue ? <span className={chip}>{m.monitoringOverdue}</span> : null}
      {application.submitted !== null ? <span className={small}>{application.submitted}</span> : null}
      {application.accepted !== null ? <span className={small}>{application.accepted}</span> : null}
      <span className={small}>{application.changed}</span>
      {application.warnings !== null ? <span className={small}>{application.warnings}</span> : null}
      <span className={small}>
        <AnchorLink href={withListReturn(application.href, lista)}>{application.openLabel}</AnchorLink>
      </span>
      {application.review !== null ? (
        <span className={small}>
          <AnchorLink href={withListReturn(application.review.href, lista)}>{application.review.label}</AnchorLink>
        </span>
      ) : null}
      {application.monitoring !== null ? (
        <span className={small}>
          <AnchorLink href={withListReturn(application.monitoring.href, lista)}>{application.monitoring.label}</AnchorLink>
        </span>
      ) : null}
      {/* A plain button: a row mounts on every keystroke of the search, react-aria's would cost more. */}
      <button
        type="button"
        className={menuTrigger}
        aria-label={application.zip.label}
        onClick={() => onDownloadZip({ fund, organizationId: application.zip.organizationId })}
      >
        {application.zip.text}
      </button>
      {application.menu !== null ? (
        <Menu
          label={application.menu.label}
          trigger={application.menu.trigger}
          triggerClassName={menuTrigger}
          items={application.menu.targets.map((target) => ({
            id: target.code,
            label: target.label,
            onAction: () =>
              onChooseStatus({
                fund,
                applicationId: application.id,
                organizationName,
                organizationId: application.zip.organizationId,
                from: application.statusCode,
                to: target.code,
              }),
          }))}
        />
      ) : null}
    </>
  );
}
