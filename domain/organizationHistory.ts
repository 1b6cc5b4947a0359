import { z } from 'zod';

/**
 * What the organisation's history records (issue 42): every act on who acts for it. Each kind has its Italian
 * wording in domain/messages/organizationHistory.ts.
 */
export const ORGANIZATION_EVENT_KINDS = [
  'member.added',
  'member.removed',
  'member.role_changed',
  'referent.moved',
  'legal_representative.changed',
  'organization.suspended',
  'organization.restored',
  'join_request.created',
  'join_request.accepted',
  'join_request.refused',
  'join_request.expired',
] as const;
export const organizationEventKindSchema = z.enum(ORGANIZATION_EVENT_KINDS);
export type OrganizationEventKind = z.infer<typeof organizationEventKindSchema>;

/** One line of the history as the API answers it. */
export const organizationEventSchema = z.object({
  id: z.string(),
  kind: organizationEventKindSchema,
  /** ISO instant. */
  at: z.string(),
  /** Who acted, as they were named then; '' for the platform itself (an expired request). */
  actorName: z.string(),
  actorIsPlatformAdmin: z.boolean(),
  subjectName: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type OrganizationEvent = z.infer<typeof organizationEventSchema>;
