import { FUNDS, type Fund } from './applicationStatus.ts';
import { FUND_REGISTRY } from './funds.ts';

type FundSlug = (typeof FUND_REGISTRY)[Fund]['slug'];
export type AdminListSort = 'name' | '-name' | FundSlug | `-${FundSlug}`;

/**
 * Sort orders of the admin list (spec §2): name A-Z / Z-A; each fund's candidacy date by the fund's slug
 * (FundEntry.slug), oldest first ('tur', 'pui') or most recent first ('-tur', '-pui'); organisations without
 * that date come last.
 */
export const ADMIN_LIST_SORTS: readonly AdminListSort[] = [
  'name',
  '-name',
  ...FUNDS.flatMap((fund) => [FUND_REGISTRY[fund].slug, `-${FUND_REGISTRY[fund].slug}` as const]),
];

/** The fund a date sort orders by and its direction; undefined for the name sorts. */
export function sortedFund(sort: AdminListSort): { fund: Fund; newestFirst: boolean } | undefined {
  const newestFirst = sort.startsWith('-');
  const slug = newestFirst ? sort.slice(1) : sort;
  const fund = FUNDS.find((candidate) => FUND_REGISTRY[candidate].slug === slug);
  return fund ? { fund, newestFirst } : undefined;
}
