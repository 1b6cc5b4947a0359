import { and, count, eq, gte } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import type { TransitionPreconditions } from '../applications/statusChanges.ts';
import { attachments, attachmentTypes } from '../db/schema/attachments.ts';

/**
 * What the attachments module knows about the applicant's own status changes: an integration is complete
 * only with at least one document uploaded in the round now open (since the application went In
 * integrazione). The review and monitoring preconditions belong to the surveys and are not given here.
 */
export const attachmentPreconditions: TransitionPreconditions = {
  'applicant.integration.complete': async (tx, application) => {
    const [row] = await tx
      .select({ documents: count() })
      .from(attachments)
      .innerJoin(attachmentTypes, eq(attachmentTypes.id, attachments.attachmentTypeId))
      .where(
        and(
          eq(attachments.organizationId, application.organizationId),
          eq(attachments.fund, application.fund),
          eq(attachmentTypes.purpose, 'integration'),
          gte(attachments.createdAt, application.statusChangedAt),
        ),
      );
    return (row?.documents ?? 0) > 0 ? null : messages.applications.integrationDocumentMissing;
  },
};
