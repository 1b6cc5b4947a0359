import { sql } from 'drizzle-orm';
import type { ReportRow, ReportSection } from '../../domain/reports/reportData.ts';
import { formatEuro, formatPercent } from '../../domain/reports/reportFormat.ts';
import { reportMessages as m } from '../../domain/reports/reportMessages.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { fundColumns } from './fundColumns.ts';
import { queryRows } from '../db/queryRows.ts';
import { figuresOf, num, presentedIn, round2, type ReportScope } from './reportScope.ts';

/** Bands of the fund's share of the total investment, ten points each; the spec's limit is 50 % (§5). */
const BANDS = 10;
const SHARE_LIMIT_PERCENT = 50;

/**
 * Report 2: money. (a) Amount asked of each fund, total investment and co-financing; (b) how the fund's share
 * of the investment is distributed; (c) how many applications carry each reviewer warning (spec §5). Only
 * presented applications count (a draft asks nothing yet); the range applies to the day each was presented.
 */
export async function moneyReport(db: Db, scope: ReportScope): Promise<ReportSection[]> {
  const figures = figuresOf(scope);
  // One scan of the presented applications (materialised), three aggregates of it.
  const aggregates = await queryRows<{
    kind: 'total' | 'band' | 'warning';
    fund: string;
    key: string | null;
    n: number;
    requested: string | null;
    investment: string | null;
    cofinancing: string | null;
    warned: number;
  }>(
    db,
    sql`with presented as materialized (
          select ${applications.fund} as fund, ${figures.fundAmount} as requested, ${figures.totalInvestment} as investment,
                 ${figures.coFinancing} as cofinancing, ${applications.warnings} as warnings
          from ${applications} where ${presentedIn(scope)})
        select 'total' as kind, fund, null::text as key, count(*)::int as n, sum(requested) as requested, sum(investment) as investment,
               sum(cofinancing) as cofinancing, count(*) filter (where jsonb_array_length(warnings) > 0)::int as warned
        from presented group by fund
        union all
        select 'band', fund,
               (case when investment > 0 and requested is not null then least(floor(requested * ${BANDS} / investment), ${BANDS})::int end)::text,
               count(*)::int, null, null, null, 0
        from presented group by 2, 3
        union all
        select 'warning', fund, w.warning, count(*)::int, null, null, null, 0
        from presented, jsonb_array_elements_text(presented.warnings) as w(warning) group by 2, 3`,
  );
  const totals = aggregates.filter((row) => row.kind === 'total');
  const bands = aggregates
    .filter((row) => row.kind === 'band')
    .map((row) => ({ fund: row.fund, band: row.key === null ? null : Number(row.key), n: row.n }));
  const warnings = aggregates.filter((row) => row.kind === 'warning').map((row) => ({ fund: row.fund, warning: row.key ?? '', n: row.n }));

  const byFund = new Map(totals.map((row) => [row.fund, row]));
  const amountRows: ReportRow[] = scope.funds.map((fund) => {
    const row = byFund.get(fund);
    return {
      fund,
      applications: num(row?.n),
      requested: round2(num(row?.requested)),
      investment: round2(num(row?.investment)),
      cofinancing: round2(num(row?.cofinancing)),
      withWarnings: num(row?.warned),
    };
  });
  const sum = (key: string) => amountRows.reduce((total, row) => total + (row[key] as number), 0);
  const count = sum('applications');
  const requested = round2(sum('requested'));
  const investment = round2(sum('investment'));

  const { columns: perFund, total } = fundColumns(scope, 'count');
  const bandCount = new Map(bands.map((row) => [`${row.fund}:${row.band ?? 'none'}`, num(row.n)]));
  const bandLabel = (band: number) => (band === BANDS ? m.labels.bandOver(100) : m.labels.band(band * BANDS, (band + 1) * BANDS));
  const bandKeys = [...Array.from({ length: BANDS + 1 }, (_, band) => band), 'none' as const].filter(
    (band) => band !== BANDS || scope.funds.some((fund) => bandCount.has(`${fund}:${band}`)),
  );
  const shareRows = bandKeys.map((band) => {
    const values = Object.fromEntries(scope.funds.map((fund) => [fund, bandCount.get(`${fund}:${band}`) ?? 0]));
    return { band: band === 'none' ? m.labels.notComputable : bandLabel(band), ...values, ...total(values) };
  });
  const overLimit = bands
    .filter((row) => row.band !== null && row.band >= SHARE_LIMIT_PERCENT / BANDS)
    .reduce((n, row) => n + num(row.n), 0);

  const texts = [...new Set(warnings.map((row) => row.warning))].sort((a, b) => a.localeCompare(b, 'it'));
  const warningCount = new Map(warnings.map((row) => [`${row.fund}:${row.warning}`, num(row.n)]));
  const warningRows = texts.map((warning) => {
    const values = Object.fromEntries(scope.funds.map((fund) => [fund, warningCount.get(`${fund}:${warning}`) ?? 0]));
    return { warning, ...values, ...total(values) };
  });
  const acrossFunds = (row: ReportRow) => scope.funds.reduce((n, fund) => n + num(row[fund]), 0);
  const topWarning = warningRows.reduce<ReportRow | undefined>(
    (best, row) => (!best || acrossFunds(row) > acrossFunds(best) ? row : best),
    undefined,
  );
  const withWarnings = sum('withWarnings');

  return [
    {
      id: 'importi',
      title: m.sections.amounts,
      reading:
        count === 0
          ? m.readings.none
          : m.readings.amounts(
              count,
              formatEuro(requested),
              formatEuro(investment),
              formatPercent(investment > 0 ? (requested / investment) * 100 : 0),
            ),
      note: m.notes.period,
      columns: [
        { key: 'fund', label: m.columns.fund, kind: 'text' },
        { key: 'applications', label: m.columns.applications, kind: 'count' },
        { key: 'requested', label: m.columns.fundAmount, kind: 'amount' },
        { key: 'investment', label: m.columns.totalInvestment, kind: 'amount' },
        { key: 'cofinancing', label: m.columns.coFinancing, kind: 'amount' },
        { key: 'withWarnings', label: m.columns.withWarnings, kind: 'count' },
      ],
      rows: amountRows,
      chart: { categoryKey: 'fund', seriesKeys: ['requested', 'cofinancing', 'investment'], orientation: 'horizontal' },
    },
    {
      id: 'quota-fondo',
      title: m.sections.shares,
      reading: count === 0 ? m.readings.none : m.readings.shares(overLimit, count, formatPercent(SHARE_LIMIT_PERCENT)),
      columns: [{ key: 'band', label: m.columns.shareBand, kind: 'text' }, ...perFund],
      rows: shareRows,
      chart: { categoryKey: 'band', seriesKeys: [...scope.funds], orientation: 'vertical' },
    },
    {
      id: 'avvisi',
      title: m.sections.warnings,
      reading:
        count === 0
          ? m.readings.none
          : topWarning
            ? m.readings.warnings(withWarnings, count, String(topWarning.warning))
            : m.readings.noWarnings(count),
      columns: [{ key: 'warning', label: m.columns.warning, kind: 'text' }, ...perFund],
      rows: warningRows,
      chart: { categoryKey: 'warning', seriesKeys: [...scope.funds], orientation: 'horizontal' },
    },
  ];
}
