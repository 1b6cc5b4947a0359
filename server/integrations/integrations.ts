import { and, count, eq, isNull, max } from 'drizzle-orm';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { integrationMessages } from '../../domain/messages/integration.ts';
import type { StatusExits, TransitionEffects, TransitionPreconditions } from '../applications/statusChanges.ts';
import { attachments } from '../db/schema/attachments.ts';
import { integrationRounds } from '../db/schema/integrations.ts';
import { HttpError } from '../errors.ts';
import type { ServerFund } from '../applications/fundModule.ts';
import { createIntegrationItems, unansweredLabels } from './items.ts';
import { latestRoundOf, openRoundOf } from './rounds.ts';

const m = integrationMessages;

/**
 * Integration (spec §4): an admin's In integrazione opens a round with the request (the note, required) and an
 * optional deadline (the members are told by the status e-mail, server/notifications/); the applicant's Integrazione Sottomessa
 * needs at least one document uploaded in that round and completes it. Leaving In integrazione by any path
 * (completed, or an admin's Aperta) closes the round. Each round stays, with its documents.
 * Issue 44: the request may point at fields and attachment slots (`details.items`, server/integrations/items.ts),
 * each with its message; the note is then optional, and the completion waits for every item's answer instead of a
 * document.
 */
export function createIntegrations(funds: readonly ServerFund[] = []) {
  const items = createIntegrationItems(funds);
  const effects: TransitionEffects = {
    'admin.integration.request': async ({ tx, application, note, details, actor }) => {
      const requested = details.items ?? [];
      if (note === null && requested.length === 0) throw new HttpError(400, 'integration_request_missing', m.requestMissing);
      const [last] = await tx
        .select({ number: max(integrationRounds.number) })
        .from(integrationRounds)
        .where(eq(integrationRounds.applicationId, application.id));
      const deadline = details.deadline ?? null;
      const [round] = await tx
        .insert(integrationRounds)
        .values({
          applicationId: application.id,
          number: (last?.number ?? 0) + 1,
          request: note ?? '',
          deadline,
          requestedBy: actor.userId,
          requestedAt: application.statusChangedAt,
        })
        .returning({ id: integrationRounds.id });
      await items.create(tx, round!.id, application, requested);
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
      // A request with items is answered item by item: every one, changed or replied to.
      const { hasItems, labels } = await unansweredLabels(tx, application.id);
      if (hasItems) return labels.length === 0 ? null : m.itemsUnanswered(labels);
      const [row] = await tx.select({ documents: count() }).from(attachments).where(eq(attachments.integrationRoundId, round.id));
      return (row?.documents ?? 0) > 0 ? null : applicationsMessages.integrationDocumentMissing;
    },
  };

  return { effects, exits, preconditions, items };
}
