import { and, count, eq, isNull, max } from 'drizzle-orm';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { integrationMessages } from '../../domain/messages/integration.ts';
import type { ApplicationRow } from '../applications/repository.ts';
import type { StatusExits, TransitionEffects, TransitionPreconditions } from '../applications/statusChanges.ts';
import type { Membership } from '../auth/membership.ts';
import type { Db } from '../db/client.ts';
import { attachments } from '../db/schema/attachments.ts';
import { integrationRounds } from '../db/schema/integrations.ts';
import { organizations } from '../db/schema/organizations.ts';
import { HttpError } from '../errors.ts';
import { latestRoundOf, openRoundOf } from './rounds.ts';
import { integrationRequestMail } from '../mail/integrationRequestMail.ts';
import type { Mailer } from '../mail/mailer.ts';

const m = integrationMessages;

/**
 * Integration (spec §4): an admin's In integrazione opens a round with the request (the note, required) and an
 * optional deadline, and tells the organisation's members by e-mail; the applicant's Integrazione Sottomessa
 * needs at least one document uploaded in that round and completes it. Leaving In integrazione by any path
 * (completed, or an admin's Aperta) closes the round. Each round stays, with its documents.
 */
export function createIntegrations(deps: { db: Db; membership: Membership; mailer: Mailer; publicUrl: string }) {
  const { db, membership, mailer, publicUrl } = deps;

  async function tellMembers(application: ApplicationRow, request: string, deadline: string | null) {
    const [organization] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, application.organizationId));
    const members = await membership.mailRecipientsOf(application.organizationId);
    for (const member of members) {
      await mailer.send(
        integrationRequestMail({
          to: member.email,
          organizationName: organization?.name ?? '',
          fund: application.fund,
          request,
          deadline,
          link: `${publicUrl}/calls`,
        }),
      );
    }
  }

  const effects: TransitionEffects = {
    'admin.integration.request': async ({ tx, application, note, details, actor }) => {
      if (note === null) throw new HttpError(400, 'integration_request_missing', m.requestMissing);
      const [last] = await tx
        .select({ number: max(integrationRounds.number) })
        .from(integrationRounds)
        .where(eq(integrationRounds.applicationId, application.id));
      const deadline = details.deadline ?? null;
      await tx.insert(integrationRounds).values({
        applicationId: application.id,
        number: (last?.number ?? 0) + 1,
        request: note,
        deadline,
        requestedBy: actor.userId,
        requestedAt: application.statusChangedAt,
      });
      return () => tellMembers(application, note, deadline);
    },
    // The exit below has just closed the round: the latest one is the round completed.
    'applicant.integration.complete': async ({ tx, application, actor }) => {
      const round = await latestRoundOf(tx, application.id);
      if (!round) return;
      await tx
        .update(integrationRounds)
        .set({ completedAt: application.statusChangedAt, completedBy: actor.userId })
        .where(eq(integrationRounds.id, round.id));
    },
  };

  const exits: StatusExits = {
    IN_INTEGRAZIONE: async ({ tx, application }) => {
      await tx
        .update(integrationRounds)
        .set({ closedAt: application.statusChangedAt })
        .where(and(eq(integrationRounds.applicationId, application.id), isNull(integrationRounds.closedAt)));
    },
  };

  const preconditions: TransitionPreconditions = {
    'applicant.integration.complete': async (tx, application) => {
      const round = await openRoundOf(tx, application.id);
      if (!round) return m.noOpenRequest;
      const [row] = await tx.select({ documents: count() }).from(attachments).where(eq(attachments.integrationRoundId, round.id));
      return (row?.documents ?? 0) > 0 ? null : applicationsMessages.integrationDocumentMissing;
    },
  };

  return { effects, exits, preconditions };
}

export type Integrations = ReturnType<typeof createIntegrations>;
