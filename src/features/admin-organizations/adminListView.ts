import { parseDate } from '@internationalized/date';
import { sortedFund, type AdminListSort } from '../../../domain/adminListSorts.ts';
import { adminCompilationOf, type AdminCompilation, type AdminOrganizationListItem } from '../../../domain/application.ts';
import { FUNDS, applicationStatusLabels, type ApplicationStatusCode, type Fund } from '../../../domain/applicationStatus.ts';
import { FUND_ENTRIES, FUND_REGISTRY } from '../../../domain/funds.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { italianAcceptanceTime } from '../../../domain/acceptanceTime.ts';
import { shortItalianDate } from '../../../domain/italianDates.ts';
import type { AdminListSearch } from './adminListSearch.ts';
import { organizationMatcher, organizationSearchKeys, type OrganizationSearchKeys } from '../../../domain/organizationSearch.ts';
import { fundCardView } from '../../../machines/application-lifecycle/selectors.ts';

/** A list item with what filtering and sorting need computed once per load (not per keystroke). */
export interface IndexedItem {
  item: AdminOrganizationListItem;
  /** The name folded (case and accents ignored), the P.IVA and codice fiscale as the search compares them. */
  search: OrganizationSearchKeys;
  submittedAt: Record<Fund, number | null>;
}

export function compilationOf(item: AdminOrganizationListItem, fund: Fund): AdminCompilation | null {
  return adminCompilationOf(item, FUND_REGISTRY[fund]);
}

export function statusCodeOf(item: AdminOrganizationListItem, fund: Fund): ApplicationStatusCode {
  return compilationOf(item, fund)?.statusCode ?? 'NON_AVVIATA';
}

export function indexItems(items: readonly AdminOrganizationListItem[]): IndexedItem[] {
  return items.map((item) => ({
    item,
    search: organizationSearchKeys(item.organization),
    submittedAt: Object.fromEntries(
      FUNDS.map((fund) => {
        const submittedAt = compilationOf(item, fund)?.submittedAt;
        return [fund, submittedAt ? Date.parse(submittedAt) : null];
      }),
    ) as Record<Fund, number | null>,
  }));
}

/** The admin's dates are Italian calendar days, wherever the browser is (the server filters the same way). */
const ITALY = 'Europe/Rome';

/** The instant Italy's calendar day `isoDay` starts (00:00 Europe/Rome), in epoch milliseconds. */
function italianMidnight(isoDay: string, plusDays = 0): number {
  return parseDate(isoDay).add({ days: plusDays }).toDate(ITALY).getTime();
}

export type AdminListFilters = Pick<AdminListSearch, 'fund' | 'statuses' | 'from' | 'to'>;

/**
 * Filters of spec §2: fund, statuses, candidacy date range (inclusive). With a fund chosen they apply to that
 * fund's application; without, an organisation matches when either application does. 'Non avviata' matches an
 * organisation without an application to the fund.
 */
export function filterItems(items: readonly IndexedItem[], filters: AdminListFilters): IndexedItem[] {
  const funds = filters.fund ? [filters.fund] : FUNDS;
  const statuses = filters.statuses && filters.statuses.length > 0 ? new Set(filters.statuses) : null;
  // Inclusive on both ends: up to the next Italian midnight (23 or 25 hours later on DST days).
  const from = filters.from ? italianMidnight(filters.from) : null;
  const toExclusive = filters.to ? italianMidnight(filters.to, 1) : null;
  const hasDate = from !== null || toExclusive !== null;
  if (!filters.fund && !statuses && !hasDate) return items as IndexedItem[];
  return items.filter((indexed) =>
    funds.some((fund) => {
      if (statuses && !statuses.has(statusCodeOf(indexed.item, fund))) return false;
      if (!hasDate) return filters.fund === undefined || compilationOf(indexed.item, fund) !== null || statuses !== null;
      const at = indexed.submittedAt[fund];
      if (at === null) return false;
      return (from === null || at >= from) && (toExclusive === null || at < toExclusive);
    }),
  );
}

/**
 * Case- and accent-insensitive substring match on the organisation name, or a match of its P.IVA or codice
 * fiscale typed with or without spaces and the `IT` prefix: the server's `?q=` rule (domain/organizationSearch.ts).
 */
export function searchItems(items: readonly IndexedItem[], query: string): IndexedItem[] {
  const matches = organizationMatcher(query);
  if (!matches) return items as IndexedItem[];
  return items.filter((indexed) => matches(indexed.search));
}

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/** Sorts of spec §2; organisations without the sorted date come last, by name. */
export function sortItems(items: readonly IndexedItem[], sort: AdminListSort = 'name'): IndexedItem[] {
  const byName = (a: IndexedItem, b: IndexedItem) => collator.compare(a.item.organization.name, b.item.organization.name);
  if (sort === 'name') return [...items].sort(byName);
  if (sort === '-name') return [...items].sort((a, b) => byName(b, a));
  const byFund = sortedFund(sort);
  if (!byFund) return [...items].sort(byName);
  const { fund } = byFund;
  const direction = byFund.newestFirst ? -1 : 1;
  return [...items].sort((a, b) => {
    const x = a.submittedAt[fund];
    const y = b.submittedAt[fund];
    if (x === null && y === null) return byName(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return x === y ? byName(a, b) : (x - y) * direction;
  });
}

export const PAGE_SIZE = 50;

export function pageOf<T>(items: readonly T[], page: number | undefined): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page ?? 1), pages);
  return { rows: items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE), page: current, pages };
}

/** The ids of the listed applications of `fund`, for the Excel export (only existing applications). */
export function applicationIdsOf(items: readonly IndexedItem[], fund: Fund): string[] {
  return items.flatMap((indexed) => {
    const compilation = compilationOf(indexed.item, fund);
    return compilation ? [compilation.id] : [];
  });
}

/** What one application cell of the table shows, as text: the row renders strings and nothing else. */
export interface ApplicationCellView {
  fund: Fund;
  /** The status chip ('Non avviata' without an application; then there is nothing else). */
  status: string;
  application: {
    id: string;
    statusCode: ApplicationStatusCode;
    submitted: string | null;
    /** "Accettata il 06/12/2026 alle 10:15:03,123456": the server's acceptance of the hand-over (issue 45). */
    accepted: string | null;
    changed: string;
    warnings: string | null;
    href: string;
    openLabel: string;
    /** Spec §2: the review (istruttoria) in read-only, once the application has reached the review stage. */
    review: { href: string; label: string } | null;
    /** Spec §2: the monitoring in read-only (period selector there), once monitoring started. */
    monitoring: { href: string; label: string } | null;
    /** Spec §2: the zip of this application's attachments (Allegati{Tur|Pui}-{orgName}.zip). */
    zip: { organizationId: string; text: string; label: string };
    /** The status menu (null when the lifecycle allows the admin no change from here). */
    menu: { label: string; trigger: string; targets: { code: ApplicationStatusCode; label: string }[] } | null;
  } | null;
}

/** One table row, every text and link computed once per item and load (dates formatted in Italian). */
export interface AdminRowView {
  id: string;
  name: string;
  href: string;
  pIva: string;
  /** "Sospesa" beside the name of a suspended organisation (issue 42); null otherwise. */
  suspended: string | null;
  cells: ApplicationCellView[];
  drafts: string[];
}

const m = adminPanelMessages;
/** The spec's admin pages of a fund's application: survey-<slug> (the application), <FUND>_istruttoria (review, monitoring). */
const applicationPath = (fund: Fund) => `/admin-organization/survey-${FUND_REGISTRY[fund].slug}/`;
const reviewPath = (fund: Fund) => `/admin-organization/${fund}_istruttoria/`;

function cellView(fund: Fund, organizationId: string, organizationName: string, compilation: AdminCompilation | null): ApplicationCellView {
  if (compilation === null) return { fund, status: applicationStatusLabels.NON_AVVIATA, application: null };
  return {
    fund,
    status: compilation.status,
    application: {
      id: compilation.id,
      statusCode: compilation.statusCode,
      submitted: compilation.submittedAt ? `${m.submittedAt} ${shortItalianDate(compilation.submittedAt)}` : null,
      accepted: compilation.acceptedAt ? acceptedText(compilation.acceptedAt) : null,
      changed: `${m.changedAt} ${shortItalianDate(compilation.statusChangedAt)}`,
      warnings: compilation.warningsCount > 0 ? m.warnings(compilation.warningsCount) : null,
      href: applicationPath(fund) + encodeURIComponent(organizationId),
      openLabel: m.openApplication(fund),
      review:
        fundCardView(compilation.statusCode).review === null
          ? null
          : { href: reviewPath(fund) + encodeURIComponent(organizationId), label: m.openReview(fund) },
      monitoring:
        fundCardView(compilation.statusCode).monitoring === null
          ? null
          : { href: `${reviewPath(fund)}${encodeURIComponent(organizationId)}?monitoraggio=true`, label: m.openMonitoring(fund) },
      zip: { organizationId, text: m.zip, label: m.zipOf(fund, organizationName) },
      menu:
        compilation.allowedTargets.length === 0
          ? null
          : {
              label: m.changeStatusOf(fund, organizationName),
              trigger: m.changeStatus(fund),
              targets: compilation.allowedTargets.map((code) => ({ code, label: applicationStatusLabels[code] })),
            },
    },
  };
}

function acceptedText(acceptedAt: string): string {
  const { date, time } = italianAcceptanceTime(acceptedAt);
  return m.acceptedAt(date, time);
}

const rowViews = new WeakMap<AdminOrganizationListItem, AdminRowView>();

/**
 * The row's texts, computed the first time the row is shown and kept with the item (a new load brings new
 * items): a keystroke that brings back rows seen before formats nothing.
 */
export function rowViewOf(item: AdminOrganizationListItem): AdminRowView {
  let view = rowViews.get(item);
  if (view === undefined) {
    const { id, name, pIva } = item.organization;
    view = {
      id,
      name,
      href: `/admin-organization/${encodeURIComponent(id)}`,
      pIva: `P.IVA ${pIva}`,
      suspended: item.organization.suspended ? m.suspended : null,
      cells: FUNDS.map((fund) => cellView(fund, id, name, compilationOf(item, fund))),
      drafts: item.compilazioneDrafts.map(
        (draft) =>
          `${m.draft} ${FUND_ENTRIES.find((entry) => entry.compilazioneType === draft.compilazioneType)?.fund ?? draft.compilazioneType}: ${shortItalianDate(draft.createdAt)}`,
      ),
    };
    rowViews.set(item, view);
  }
  return view;
}

/** Per fund, whether any listed organisation has an application to it (its Excel button is enabled). */
export function exportableFunds(items: readonly IndexedItem[]): Record<Fund, boolean> {
  const exportable = (fund: Fund) => items.some((indexed) => compilationOf(indexed.item, fund) !== null);
  return Object.fromEntries(FUNDS.map((fund) => [fund, exportable(fund)])) as Record<Fund, boolean>;
}
