import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '../../domain/monitoringDueDates.ts';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import type { MonitoringPeriodFileEntry } from '../../domain/monitoring.ts';

/** Today on Italy's calendar, shifted by `days`. */
export const romeDay = (days = 0) => addDays(italianCalendarDay(new Date()), days);

/**
 * A monitoring periods file for tests, relative to today: for each fund a period that opened 10 days ago and is due
 * in 30, one that opened yesterday and is due in 90, and one that opens in 60 days. Returns the env that selects it.
 */
export function monitoringPeriodsEnv(periods?: MonitoringPeriodFileEntry[]): {
  env: Record<string, string>;
  periods: MonitoringPeriodFileEntry[];
} {
  const list =
    periods ??
    ['TUR', 'PUI'].flatMap((fund) => [
      { fund, code: 'P1', title: 'Monitoraggio primo periodo', opensOn: romeDay(-10), dueOn: romeDay(30) },
      { fund, code: 'P2', title: 'Monitoraggio secondo periodo', opensOn: romeDay(-1), dueOn: romeDay(90) },
      { fund, code: 'P3', title: 'Monitoraggio terzo periodo', opensOn: romeDay(60), dueOn: romeDay(150) },
    ]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pf-periods-')), 'periods.json');
  writeFileSync(file, JSON.stringify(list));
  return { env: { MONITORING_PERIODS_FILE: file }, periods: list };
}
