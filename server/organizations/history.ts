import { asc, eq } from 'drizzle-orm';
import { isAdminRole } from '../../domain/roles.ts';
import type { OrganizationEvent, OrganizationEventKind } from '../../domain/organizationHistory.ts';
import type { Db } from '../db/client.ts';
import { organizationEvents } from '../db/schema/organizations.ts';

/** A person as the history names them: the name they had then, and their address. */
export interface HistoryPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  roles?: readonly string[];
}

export interface OrganizationEventInput {
  organizationId: string;
  kind: OrganizationEventKind;
  /** Who acted; null for the platform itself (an expired request). */
  actor: HistoryPerson | null;
  /** The person the act is about, if any. */
  subject?: HistoryPerson | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** "Maria Rossi (maria.rossi@esempio.it)", or the address alone when the account has no name. */
export function historyName(person: HistoryPerson): string {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return name ? `${name} (${person.email})` : person.email;
}

/**
 * Adds one line to the organisation's history, in the caller's transaction: the act and its record commit
 * together or not at all.
 */
export async function recordOrganizationEvent(tx: Db, event: OrganizationEventInput): Promise<void> {
  await tx.insert(organizationEvents).values({
    organizationId: event.organizationId,
    kind: event.kind,
    actorUserId: event.actor?.id ?? null,
    actorName: event.actor ? historyName(event.actor) : '',
    actorIsPlatformAdmin: event.actor ? isAdminRole(event.actor.roles) : false,
    subjectUserId: event.subject?.id ?? null,
    subjectName: event.subject ? historyName(event.subject) : null,
    reason: event.reason ?? null,
    details: event.details ?? {},
  });
}

/** The organisation's history, oldest first. */
export async function organizationHistory(db: Db, organizationId: string): Promise<OrganizationEvent[]> {
  const rows = await db
    .select()
    .from(organizationEvents)
    .where(eq(organizationEvents.organizationId, organizationId))
    .orderBy(asc(organizationEvents.at), asc(organizationEvents.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as OrganizationEventKind,
    at: row.at.toISOString(),
    actorName: row.actorName,
    actorIsPlatformAdmin: row.actorIsPlatformAdmin,
    subjectName: row.subjectName,
    reason: row.reason,
    details: row.details,
  }));
}
