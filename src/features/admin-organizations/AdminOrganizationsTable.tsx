import { memo } from 'react';
import type { AdminCompilation, AdminOrganizationListItem } from '../../../domain/application.ts';
import { FUNDS, applicationStatusLabels, type Fund } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import type { StatusChangeRequest } from '../../../machines/status-change/types.ts';
import { Link } from '../../ui/Link.tsx';
import { LazyMenu, MenuItem } from '../../ui/Menu.tsx';
import { shortItalianDate } from '../funds/dates.ts';
import { cellStyle, chip, menuTrigger, small, table, tableWrap } from './AdminOrganizations.css.ts';
import type { IndexedItem } from './adminListView.ts';

const m = messages.adminPanel;

interface TableProps {
  rows: readonly IndexedItem[];
  onChooseStatus(request: StatusChangeRequest): void;
}

/** The current page of the list as a real table: one row per organisation, a column per fund. */
export function AdminOrganizationsTable({ rows, onChooseStatus }: TableProps) {
  return (
    <div className={tableWrap}>
      <table className={table} aria-label={m.tableLabel}>
        <thead>
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
        <tbody>
          {rows.map((row) => (
            <OrganizationRow key={row.item.organization.id} item={row.item} onChooseStatus={onChooseStatus} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const OrganizationRow = memo(function OrganizationRow({
  item,
  onChooseStatus,
}: {
  item: AdminOrganizationListItem;
  onChooseStatus(request: StatusChangeRequest): void;
}) {
  const { organization } = item;
  return (
    <tr>
      <th scope="row" className={cellStyle}>
        <Link to="/admin-organization/$organizationId" params={{ organizationId: organization.id }}>
          {organization.name}
        </Link>
        <span className={small}>P.IVA {organization.pIva}</span>
      </th>
      {FUNDS.map((fund) => (
        <td key={fund} className={cellStyle}>
          <ApplicationCell
            fund={fund}
            organizationId={organization.id}
            organizationName={organization.name}
            compilation={fund === 'TUR' ? item.turCompilazione : item.puiCompilazione}
            onChooseStatus={onChooseStatus}
          />
        </td>
      ))}
      <td className={cellStyle}>
        {item.compilazioneDrafts.length === 0
          ? m.noDraft
          : item.compilazioneDrafts.map((draft) => (
              <span key={draft.compilazioneType} className={small}>
                {m.draft} {draft.compilazioneType === 0 ? 'TUR' : 'PUI'}: {shortItalianDate(draft.createdAt)}
              </span>
            ))}
      </td>
    </tr>
  );
});

function ApplicationCell({
  fund,
  organizationId,
  organizationName,
  compilation,
  onChooseStatus,
}: {
  fund: Fund;
  organizationId: string;
  organizationName: string;
  compilation: AdminCompilation | null;
  onChooseStatus(request: StatusChangeRequest): void;
}) {
  if (compilation === null) return <span className={chip}>{applicationStatusLabels.NON_AVVIATA}</span>;
  return (
    <>
      <span className={chip}>{compilation.status}</span>
      {compilation.submittedAt ? (
        <span className={small}>
          {m.submittedAt} {shortItalianDate(compilation.submittedAt)}
        </span>
      ) : null}
      <span className={small}>
        {m.changedAt} {shortItalianDate(compilation.statusChangedAt)}
      </span>
      {compilation.warningsCount > 0 ? <span className={small}>{m.warnings(compilation.warningsCount)}</span> : null}
      <span className={small}>
        <Link to={fund === 'TUR' ? '/admin-organization/survey-tur/$organizationId' : '/admin-organization/survey-pui/$organizationId'} params={{ organizationId }}>
          {m.openApplication(fund)}
        </Link>
      </span>
      {compilation.allowedTargets.length > 0 ? (
        <LazyMenu label={m.changeStatusOf(fund, organizationName)} trigger={m.changeStatus(fund)} triggerClassName={menuTrigger}>
          {compilation.allowedTargets.map((to) => (
            <MenuItem
              key={to}
              id={to}
              onAction={() =>
                onChooseStatus({ fund, applicationId: compilation.id, organizationName, from: compilation.statusCode, to })
              }
            >
              {applicationStatusLabels[to]}
            </MenuItem>
          ))}
        </LazyMenu>
      ) : null}
    </>
  );
}
