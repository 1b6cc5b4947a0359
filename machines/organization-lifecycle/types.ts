import type { OrganizationStatus } from '../../domain/organizationAdmin.ts';

/**
 * What can happen to an organisation's standing (issue 42). Only platform administrators cause either event, and
 * each carries the reason they gave, which the organisation's members read while it is suspended.
 */
export type OrganizationLifecycleEvent =
  /** "Sospendi l'organizzazione": its members may read but no longer change or hand over anything. */
  | { type: 'admin.suspend'; reason: string }
  /** "Riattiva l'organizzazione": its members act again. */
  | { type: 'admin.restore'; reason: string };

export interface OrganizationLifecycleContext {
  /** The reason of the suspension in force; null while the organisation is active. */
  suspensionReason: string | null;
}

/** An organisation as stored: `organizations.status` and `organizations.suspension_reason`. */
export interface OrganizationStanding {
  status: OrganizationStatus;
  suspensionReason: string | null;
}
