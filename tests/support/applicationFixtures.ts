import { and, eq } from 'drizzle-orm';
import { applications, applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { COMPILAZIONE_TYPE, type ApplicationStatusCode, type Fund } from '../../domain/applicationStatus.ts';
import type { TestApp } from './testApp.ts';

/**
 * Puts an application straight into `status` (creating it if needed), bypassing the lifecycle: only tests
 * do this, to start a check from any status. Returns the application id.
 */
export async function forceApplicationStatus(
  t: TestApp,
  organizationId: string,
  fund: Fund,
  status: ApplicationStatusCode,
  extra: Partial<typeof applications.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.db
    .insert(applications)
    .values({ organizationId, fund, status, updatedAt: new Date(), ...extra })
    .onConflictDoUpdate({ target: [applications.organizationId, applications.fund], set: { status, updatedAt: new Date(), ...extra } })
    .returning({ id: applications.id });
  return row!.id;
}

export async function applicationRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
  return row;
}

export async function applicationOf(t: TestApp, organizationId: string, fund: Fund) {
  const [row] = await t.db
    .select()
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
  return row;
}

export async function historyRows(t: TestApp, applicationId: string) {
  return t.db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, applicationId));
}

/** The autosave as the wizard sends it. */
export function saveDraft(
  t: TestApp,
  token: string,
  organizationId: string,
  fund: Fund,
  values: Record<string, unknown>,
  version?: number,
) {
  return t.post(
    '/api/DraftCompilazione/CreateDraftCompilazione',
    {
      compilazioneType: COMPILAZIONE_TYPE[fund],
      json: JSON.stringify(values),
      organizationId,
      ...(version === undefined ? {} : { version }),
    },
    token,
  );
}

/** The spec's status endpoint for `fund`, with the query it names (turId / puiId, status, note). */
export function updateStatus(t: TestApp, token: string | undefined, fund: Fund, id: string, status: string, note?: string) {
  const query = new URLSearchParams({ [fund === 'TUR' ? 'turId' : 'puiId']: id, status, ...(note === undefined ? {} : { note }) });
  const controller = fund === 'TUR' ? 'Tur' : 'Pui';
  return t.post(`/api/${controller}/Update${controller}CompilazioneStatus?${query}`, undefined, token);
}
