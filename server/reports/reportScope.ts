import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUS_CODES, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { FUND_ENTRIES, type FundEntry } from '../../domain/funds.ts';
import type { ReportFilters } from '../../domain/reports/reportQuery.ts';
import { isSubmittedStatus } from '../../machines/application-lifecycle/transitions.ts';
import { applications } from '../db/schema/applications.ts';

/** What one report is computed over: the funds in view (codes, and their entries) and an optional range of Rome calendar days. */
export interface ReportScope {
  funds: readonly string[];
  entries: readonly FundEntry[];
  from: string | null;
  to: string | null;
}

/** The scope of `filters` among the registered funds (server/app.ts: the portal's, and tests' made-up ones). */
export function scopeOf(filters: ReportFilters, registered: readonly FundEntry[] = FUND_ENTRIES): ReportScope {
  const entries = filters.fund ? registered.filter((entry) => entry.fund === filters.fund) : registered;
  return { funds: entries.map((entry) => entry.fund), entries, from: filters.from ?? null, to: filters.to ?? null };
}

/** Statuses of an application that has been presented and not reopened (the lifecycle's 'submitted' tag). */
export const SUBMITTED_STATUSES: readonly ApplicationStatusCode[] = APPLICATION_STATUS_CODES.filter(isSubmittedStatus);

export const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * `instant` falls on a Europe/Rome calendar day within the scope's range (both ends included): from Rome's
 * midnight of `from` to Rome's midnight after `to`, daylight saving time included. True without a range.
 */
export function inRomeDays(instant: SQL | AnyPgColumn, scope: ReportScope): SQL {
  const parts: SQL[] = [];
  if (scope.from) parts.push(sql`${instant} >= (${scope.from}::date::timestamp at time zone 'Europe/Rome')`);
  if (scope.to) parts.push(sql`${instant} < ((${scope.to}::date + 1)::timestamp at time zone 'Europe/Rome')`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** A number stored in the application's JSON under `key`, or null (never a cast error on odd data). */
function jsonNumber(key: string): SQL {
  const value = sql`${applications.body} -> ${key}::text`;
  return sql`(case when jsonb_typeof(${value}) = 'number' then (${value})::numeric end)`;
}

/** The same figure of every fund in scope, each read from its own field (FundEntry.report, domain/funds.ts). */
function perFund(scope: ReportScope, read: (fields: FundEntry['report']) => SQL): SQL {
  return sql`(case ${applications.fund} ${sql.join(
    scope.entries.map((entry) => sql`when ${entry.fund} then ${read(entry.report)}`),
    sql` `,
  )} end)`;
}

/** The figures of the funds in scope: null for an application of any other fund. */
export function figuresOf(scope: ReportScope) {
  return {
    fundAmount: perFund(scope, (fields) => jsonNumber(fields.fundAmount)),
    totalInvestment: perFund(scope, (fields) => jsonNumber(fields.totalInvestment)),
    coFinancing: perFund(scope, (fields) =>
      fields.coFinancing.length === 0
        ? sql`0`
        : sql`(${sql.join(
            fields.coFinancing.map((key) => sql`coalesce(${jsonNumber(key)}, 0)`),
            sql` + `,
          )})`,
    ),
    /** The region's ISTAT code as text ('' when not given). */
    region: perFund(scope, (fields) => sql`coalesce(${applications.body} ->> ${fields.region}::text, '')`),
  };
}

/** Applications of the funds in scope. */
export const ofFunds = (scope: ReportScope) => sql`${applications.fund} in (${sqlList(scope.funds)})`;

/** Presented applications (with their submitted body) of the funds in scope, presented within the range. */
export function presentedIn(scope: ReportScope): SQL {
  return sql`${ofFunds(scope)} and ${applications.status} in (${sqlList(SUBMITTED_STATUSES)}) and ${applications.body} is not null and ${inRomeDays(applications.submittedAt, scope)}`;
}

/** numeric/bigint come back from the drivers as strings. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
export const round2 = (value: number) => Math.round(value * 100) / 100;
