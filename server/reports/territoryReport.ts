import { sql } from 'drizzle-orm';
import type { ReportColumn, ReportRow, ReportSection } from '../../domain/reports/reportData.ts';
import { formatEuro } from '../../domain/reports/reportFormat.ts';
import { reportMessages as m } from '../../domain/reports/reportMessages.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { queryRows } from '../db/queryRows.ts';
import { figuresOf, num, presentedIn, round2, type ReportScope } from './reportScope.ts';

/** Names of the places the applications store (a region by ISTAT code, a metropolitan city by id). */
export interface PlaceNames {
  region(code: string): string | undefined;
  metropolitanCity(id: string): string | undefined;
}

interface PlaceCount {
  fund: string;
  place: string;
  n: number;
  requested: string | null;
}

/** One row per place: applications and amount asked per fund, busiest place first, "Non indicata" last. */
function placeRows(counts: PlaceCount[], funds: readonly string[], nameOf: (code: string) => string | undefined, key: string) {
  const byName = new Map<string, ReportRow>();
  for (const row of counts) {
    const name = (row.place && nameOf(row.place)) || m.labels.notGiven;
    const entry = byName.get(name) ?? {
      [key]: name,
      ...Object.fromEntries(
        funds.flatMap((f) => [
          [`${f}:n`, 0],
          [`${f}:requested`, 0],
        ]),
      ),
    };
    entry[`${row.fund}:n`] = num(entry[`${row.fund}:n`]) + num(row.n);
    entry[`${row.fund}:requested`] = round2(num(entry[`${row.fund}:requested`]) + num(row.requested));
    byName.set(name, entry);
  }
  const total = (row: ReportRow) => funds.reduce((n, fund) => n + num(row[`${fund}:n`]), 0);
  return [...byName.values()].sort(
    (a, b) =>
      Number(a[key] === m.labels.notGiven) - Number(b[key] === m.labels.notGiven) ||
      total(b) - total(a) ||
      String(a[key]).localeCompare(String(b[key]), 'it'),
  );
}

function placeColumns(funds: readonly string[], key: string, label: string): ReportColumn[] {
  return [
    { key, label, kind: 'text' },
    ...funds.flatMap((fund): ReportColumn[] => [
      { key: `${fund}:n`, label: m.columns.fundApplications(fund), kind: 'count' },
      { key: `${fund}:requested`, label: m.columns.fundRequested(fund), kind: 'amount' },
    ]),
  ];
}

/**
 * Report 3: presented applications and the amounts they ask, by region and, for the funds whose projects
 * name a metropolitan city (FundEntry.report.metropolitanCity), by city. The range applies to the day each application was presented.
 */
export async function territoryReport(db: Db, scope: ReportScope, names: PlaceNames): Promise<ReportSection[]> {
  const figures = figuresOf(scope);
  const regions = await queryRows<PlaceCount>(
    db,
    sql`select ${applications.fund} as fund, ${figures.region} as place, count(*)::int as n, sum(${figures.fundAmount}) as requested
        from ${applications} where ${presentedIn(scope)} group by 1, 2`,
  );
  const regionRows = placeRows(regions, scope.funds, names.region, 'region');
  const count = regions.reduce((n, row) => n + num(row.n), 0);
  const top = regionRows[0];
  const topCount = top ? scope.funds.reduce((n, fund) => n + num(top[`${fund}:n`]), 0) : 0;
  const topRequested = top ? scope.funds.reduce((n, fund) => n + num(top[`${fund}:requested`]), 0) : 0;
  const named = regionRows.filter((row) => row.region !== m.labels.notGiven).length;
  const sections: ReportSection[] = [
    {
      id: 'regioni',
      title: m.sections.regions,
      reading: count === 0 || !top ? m.readings.none : m.readings.regions(String(top.region), topCount, formatEuro(topRequested), named),
      note: m.notes.period,
      columns: placeColumns(scope.funds, 'region', m.columns.region),
      rows: regionRows,
      chart: { categoryKey: 'region', seriesKeys: scope.funds.map((fund) => `${fund}:n`), orientation: 'horizontal' },
    },
  ];

  const cityEntries = scope.entries.filter((entry) => entry.report.metropolitanCity !== null);
  const cityFunds = cityEntries.map((entry) => entry.fund);
  if (cityFunds.length > 0) {
    const cityField = sql`(case ${applications.fund} ${sql.join(
      cityEntries.map(
        (entry) => sql`when ${entry.fund} then coalesce(${applications.body} ->> ${entry.report.metropolitanCity}::text, '')`,
      ),
      sql` `,
    )} end)`;
    const cities = await queryRows<PlaceCount>(
      db,
      sql`select ${applications.fund} as fund, ${cityField} as place, count(*)::int as n, sum(${figures.fundAmount}) as requested
          from ${applications} where ${presentedIn({ ...scope, funds: cityFunds, entries: cityEntries })} group by 1, 2`,
    );
    const cityRows = placeRows(cities, cityFunds, names.metropolitanCity, 'city');
    const topCity = cityRows.find((row) => row.city !== m.labels.notGiven);
    const cityCount = (row: ReportRow) => cityFunds.reduce((n, fund) => n + num(row[`${fund}:n`]), 0);
    sections.push({
      id: 'citta-metropolitane',
      title: `${m.sections.metropolitanCities} (${cityFunds.join(', ')})`,
      reading: topCity
        ? m.readings.metropolitanCities(
            String(topCity.city),
            cityCount(topCity),
            formatEuro(cityFunds.reduce((n, fund) => n + num(topCity[`${fund}:requested`]), 0)),
          )
        : m.readings.none,
      columns: placeColumns(cityFunds, 'city', m.columns.metropolitanCity),
      rows: cityRows,
      chart: { categoryKey: 'city', seriesKeys: cityFunds.map((fund) => `${fund}:n`), orientation: 'horizontal' },
    });
  }
  return sections;
}
