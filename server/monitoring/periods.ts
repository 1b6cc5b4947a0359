import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { monitoringPeriodsFileSchema, type MonitoringPeriodFileEntry } from '../../domain/monitoring.ts';
import type { Db } from '../db/client.ts';
import { monitoringPeriods } from '../db/schema/monitoring.ts';
import { projectPath } from '../projectRoot.ts';

/** The monitoring periods of every fund, replaceable without code (server/reference/monitoring/README.md). */
export const DEFAULT_MONITORING_PERIODS_FILE = projectPath('server', 'reference', 'monitoring', 'periods.json');

export class MonitoringPeriodsError extends Error {
  override name = 'MonitoringPeriodsError';
}

/** Reads and checks the file; a bad one stops the start with a message naming it and the problem. */
export async function readMonitoringPeriods(
  file: string = DEFAULT_MONITORING_PERIODS_FILE,
  funds: readonly string[],
): Promise<MonitoringPeriodFileEntry[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new MonitoringPeriodsError(`Monitoring periods file ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const parsed = monitoringPeriodsFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; ');
    throw new MonitoringPeriodsError(`Monitoring periods file ${file} is invalid: ${problems}`);
  }
  const unknown = parsed.data.filter((period) => !funds.includes(period.fund));
  if (unknown.length > 0) throw new MonitoringPeriodsError(`Monitoring periods file ${file} names an unknown fund: ${unknown[0]!.fund}`);
  return parsed.data;
}

/** Stores the file's periods by (fund, code): new ones are added, changed ones updated. Safe on every start. */
export async function seedMonitoringPeriods(db: Db, periods: readonly MonitoringPeriodFileEntry[]): Promise<void> {
  if (periods.length === 0) return;
  await db
    .insert(monitoringPeriods)
    .values(periods.map((p) => ({ fund: p.fund, code: p.code, title: p.title, opensOn: p.opensOn, dueOn: p.dueOn })))
    .onConflictDoUpdate({
      target: [monitoringPeriods.fund, monitoringPeriods.code],
      set: { title: sql`excluded.title`, opensOn: sql`excluded.opens_on`, dueOn: sql`excluded.due_on`, updatedAt: sql`now()` },
      setWhere: sql`(${monitoringPeriods.title}, ${monitoringPeriods.opensOn}, ${monitoringPeriods.dueOn}) is distinct from (excluded.title, excluded.opens_on, excluded.due_on)`,
    });
}
