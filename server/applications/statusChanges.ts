import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { applications, applicationStatusHistory, type ApplicationRow } from '../db/schema/applications.ts';
import { calls } from '../db/schema/calls.ts';
import { statusNotifications } from '../db/schema/notifications.ts';
import { isStatusMailStatus } from '../../domain/statusNotifications.ts';
import { HttpError } from '../errors.ts';
import { isWritingMemberOf } from '../auth/membership.ts';
import { applicationStatusLabels, type ApplicationStatusCode, type StatusActorRole } from '../../domain/applicationStatus.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { findTransition, sourcesOf, transitionOn } from '../../machines/application-lifecycle/transitions.ts';
import type { ApplicationLifecycleEventType, LifecycleRole, LifecycleTransition } from '../../machines/application-lifecycle/types.ts';
import type { IntegrationItemRequest } from '../../domain/integrationItems.ts';
import { refuseOutsideCallWindow } from './callWindow.ts';

const m = applicationsMessages;

export interface StatusActor {
  role: StatusActorRole;
  /** The person; null for the portal itself. */
  userId: string | null;
}

/**
 * Events that have their own entry point: the autosave is CreateDraftCompilazione, the submit is the
 * wizard's CreatePui / CreateUpdateTur. UpdateTur/PuiCompilazioneStatus refuses them, so a
 * submission always goes through the checks of its own endpoint.
 */
const EVENTS_WITH_THEIR_OWN_ENDPOINT = new Set<ApplicationLifecycleEventType>(['applicant.draft.autosave', 'applicant.application.submit']);

/**
 * What must be true before an applicant's own status change (spec §7: the clients send Integrazione
 * Sottomessa, Istruttoria Sottomessa and Monitoraggio Sottomesso through Update…CompilazioneStatus): read in
 * the change's transaction with the application locked. Answers null when it holds, otherwise the Italian
 * reason the change is refused (409, nothing written).
 */
export type TransitionPrecondition = (tx: Db, application: ApplicationRow) => Promise<string | null>;
export type TransitionPreconditions = Partial<Record<ApplicationLifecycleEventType, TransitionPrecondition>>;

/** What a status change carries beyond its target and note (spec: the integration request's deadline). */
export interface StatusChangeDetails {
  /** In integrazione: the date (YYYY-MM-DD) by which the documents are expected. */
  deadline?: string | null;
  /** In integrazione (issue 44): the fields and attachment slots to correct, each with its message. */
  items?: readonly IntegrationItemRequest[];
}

export interface TransitionEffectInput {
  tx: Db;
  /** The application after the change. */
  application: ApplicationRow;
  note: string | null;
  details: StatusChangeDetails;
  actor: StatusActor;
}

/**
 * What else a transition writes, in its transaction (an integration request opens a round; its completion
 * closes it). May refuse the change by throwing (nothing is written), and may answer something to do once
 * the change is committed (tell the organisation by e-mail): a failure there is reported, never undone.
 */
export type TransitionEffect = (input: TransitionEffectInput) => Promise<(() => Promise<void>) | void>;
export type TransitionEffects = Partial<Record<ApplicationLifecycleEventType, TransitionEffect>>;

/**
 * What leaving a status ends, whichever transition leaves it (an integration round closes when the application
 * leaves In integrazione, completed or reopened): run by every change the service applies, in its transaction,
 * before the event's own effect.
 */
export type StatusExit = (input: { tx: Db; application: ApplicationRow; transition: LifecycleTransition }) => Promise<void>;
export type StatusExits = Partial<Record<ApplicationStatusCode, StatusExit>>;

/**
 * A statement that must be the last of its transaction (the receipt's protocol number: it locks the call's
 * counter until COMMIT, docs/decisions/0001-gapless-protocol-numbers.md).
 */
export type LastStatement = () => Promise<unknown>;

/**
 * What every change writes beside the history row, whatever its event, in its transaction (the receipt of a
 * hand-over, server/receipts/): told of each change the service applies, after the exits. It may answer a
 * statement to run last: inside `statusChanges.transaction` it runs once the work is done, just before COMMIT;
 * in any other transaction, at once.
 */
export type StatusChangeRecorder = (input: {
  tx: Db;
  application: ApplicationRow;
  transition: LifecycleTransition;
  actor: StatusActor;
  at: Date;
  statusHistoryId: string;
}) => Promise<LastStatement | void>;

export interface StatusChangeOptions {
  preconditions?: TransitionPreconditions;
  effects?: TransitionEffects;
  exits?: StatusExits;
  recorders?: StatusChangeRecorder[];
  /** Where a failed after-commit action is reported (the server's log). */
  onAfterCommitError?: (error: unknown, transition: LifecycleTransition) => void;
  /**
   * Whether a change to a status the members are told of (domain/statusNotifications.ts) records its e-mail in
   * the outbox, in the change's transaction. On, except for the demo data, whose changes are a made-up past.
   */
  recordNotifications?: boolean;
  /**
   * Called once a change that recorded an e-mail has committed (and by `committed()` after a transaction of the
   * caller's own): the sender delivers it now rather than at its next round. Must not throw, and is not awaited.
   */
  onNotificationCommitted?: () => void;
}

/** A change asked for by a person: UpdateTur/PuiCompilazioneStatus, or one application of a bulk action. */
export interface StatusRequest {
  application: ApplicationRow;
  role: LifecycleRole;
  to: ApplicationStatusCode;
  actor: StatusActor;
  note: string | null;
  details?: StatusChangeDetails;
}

function refusal(from: ApplicationStatusCode, role: LifecycleRole, to: ApplicationStatusCode): HttpError {
  const label = applicationStatusLabels[to];
  if (role === 'applicant' && findTransition(from, 'admin', to)) {
    // The change exists, but it is the admins' to make: a question of who, not of when.
    return new HttpError(403, 'forbidden', m.adminOnlyTransition(label));
  }
  return new HttpError(409, 'transition_refused', m.transitionRefused(applicationStatusLabels[from], label));
}

/** An applicant's change whose precondition no module provides yet cannot be checked, so it is refused. */
const refuseNotYetPossible: TransitionPrecondition = async () => m.transitionNotYetPossible;

/** The statuses in which an autosave leaves the status as it is (Aperta): no history row, no status change. */
const AUTOSAVE_IN_PLACE = sourcesOf('applicant.draft.autosave').filter(
  (status) => transitionOn(status, 'applicant.draft.autosave')?.to === status,
);

/** What an autosave answers about the stored application. */
export type SavedDraft = Pick<ApplicationRow, 'id' | 'status' | 'draftVersion' | 'draftUpdatedAt' | 'updatedAt'>;
const savedDraftColumns = {
  id: applications.id,
  status: applications.status,
  draftVersion: applications.draftVersion,
  draftUpdatedAt: applications.draftUpdatedAt,
  updatedAt: applications.updatedAt,
};

/**
 * The only code that writes `applications.status`. Every change is a transition of the lifecycle machine,
 * applied as one atomic step — `UPDATE … WHERE id = $id AND status = $expected` — together with its history
 * row, so of two people changing the same application at once exactly one wins and the other hears why.
 */
export function createStatusChanges(db: Db, options: StatusChangeOptions = {}) {
  const {
    preconditions = {},
    effects = {},
    exits = {},
    recorders = [],
    onAfterCommitError,
    recordNotifications = true,
    onNotificationCommitted,
  } = options;
  /**
   * The save of a person typing, prepared once per connection: the draft sent as JSON text (cast, so both
   * drivers pass it as it is), the version checked only when the client sent one, only for a member.
   */
  const sentVersion = sql.placeholder('expectedVersion');
  /** The last statements of each transaction opened by `transaction`. */
  const lastStatements = new WeakMap<Db, LastStatement[]>();

  /**
   * A transaction whose recorders' last statements (the protocol number) run after everything else it writes,
   * so nothing but COMMIT follows them.
   */
  async function transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const last: LastStatement[] = [];
      lastStatements.set(tx, last);
      const result = await work(tx);
      for (const statement of last) await statement();
      return result;
    });
  }

  const autosaveInPlace = db
    .update(applications)
    .set({
      draft: sql`(${sql.placeholder('draft')}::text)::jsonb`,
      draftVersion: sql`${applications.draftVersion} + 1`,
      draftUpdatedAt: sql`${sql.placeholder('at')}::timestamptz`,
      updatedAt: sql`${sql.placeholder('at')}::timestamptz`,
    })
    .where(
      and(
        eq(applications.organizationId, sql.placeholder('organizationId')),
        eq(applications.fund, sql.placeholder('fund')),
        inArray(applications.status, AUTOSAVE_IN_PLACE),
        sql`(${sentVersion}::integer is null or ${applications.draftVersion} = ${sentVersion}::integer)`,
        isWritingMemberOf(applications.organizationId, sql.placeholder('userId')),
        // Within the call's window, or handed over before (reopened): saveDraft says why not otherwise (issue 44).
        sql`(${applications.submittedAt} is not null or exists (select 1 from ${calls} where ${calls.fund} = ${applications.fund} and ${calls.opensAt} <= ${sql.placeholder('at')}::timestamptz and ${calls.closesAt} > ${sql.placeholder('at')}::timestamptz))`,
      ),
    )
    .returning(savedDraftColumns)
    .prepare('autosave_in_place');
  /**
   * Applies `transition` to the application if it is still in `transition.from`. Returns the updated row, or
   * undefined when somebody changed the status first (nothing is written then).
   */
  async function apply(
    tx: Db,
    applicationId: string,
    transition: LifecycleTransition,
    actor: StatusActor,
    options: { note?: string | null; at?: Date; set?: PgUpdateSetSource<typeof applications>; details?: StatusChangeDetails } = {},
  ): Promise<ApplicationRow | undefined> {
    const at = options.at ?? new Date();
    const changed = transition.from !== transition.to;
    const [row] = await tx
      .update(applications)
      .set({
        ...options.set,
        status: transition.to,
        ...(changed ? { statusChangedAt: at } : {}),
        ...(transition.to === 'CANDIDATURA_SOTTOMESSA' ? { submittedAt: at } : {}),
        updatedAt: at,
      })
      .where(and(eq(applications.id, applicationId), eq(applications.status, transition.from)))
      .returning();
    if (row && changed) {
      const [history] = await tx
        .insert(applicationStatusHistory)
        .values({
          applicationId,
          fromStatus: transition.from,
          toStatus: transition.to,
          event: transition.event,
          note: options.note ?? null,
          actorUserId: actor.userId,
          actorRole: actor.role,
          createdAt: at,
        })
        .returning({ id: applicationStatusHistory.id });
      // The e-mail is part of the change: recorded with it, or not at all, and sent once it has committed.
      const told = transition.to;
      if (recordNotifications && isStatusMailStatus(told)) {
        await tx.insert(statusNotifications).values({
          applicationId,
          historyId: history!.id,
          status: told,
          note: options.note ?? null,
          deadline: told === 'IN_INTEGRAZIONE' ? (options.details?.deadline ?? null) : null,
          createdAt: at,
          nextAttemptAt: at,
        });
      }
      await exits[transition.from]?.({ tx, application: row, transition });
      for (const record of recorders) {
        const last = await record({ tx, application: row, transition, actor, at, statusHistoryId: history!.id });
        if (!last) continue;
        const queue = lastStatements.get(tx);
        if (queue) queue.push(last);
        else await last();
      }
    }
    return row;
  }

  /** After a transaction that may have recorded e-mails has committed: the sender may deliver them now. */
  function committed(): void {
    if (recordNotifications) onNotificationCommitted?.();
  }

  /**
   * The change `request` makes, inside the caller's transaction `tx`: throws the Italian refusal (HttpError) when
   * the lifecycle, a precondition or an effect refuses it, or when somebody changed the status first. The bulk
   * actions (server/applications/bulkActions.ts) run it beside their own item's state, in one transaction.
   */
  async function requestIn(tx: Db, input: StatusRequest): Promise<{ updated: ApplicationRow; afterCommit?: () => Promise<void> }> {
    const { application, role, to } = input;
    const transition = findTransition(application.status, role, to);
    if (!transition) throw refusal(application.status, role, to);
    if (EVENTS_WITH_THEIR_OWN_ENDPOINT.has(transition.event)) throw new HttpError(409, 'transition_refused', m.useWizard);
    // An applicant's change hands something over (documents, answers): it happens only once that is there.
    const precondition = transition.role === 'applicant' ? (preconditions[transition.event] ?? refuseNotYetPossible) : undefined;
    const effect = effects[transition.event];
    if (precondition) {
      // Locked: no upload or removal (they take a share lock on this row) slips in between check and change.
      const [locked] = await tx.select().from(applications).where(eq(applications.id, application.id)).for('update');
      if (!locked || locked.status !== application.status) throw new HttpError(409, 'status_conflict', m.statusConflict);
      const reason = await precondition(tx, locked);
      if (reason !== null) throw new HttpError(409, 'precondition_failed', reason);
    }
    const changed = await apply(tx, application.id, transition, input.actor, { note: input.note, details: input.details ?? {} });
    if (!changed) throw new HttpError(409, 'status_conflict', m.statusConflict);
    const afterCommit = effect
      ? ((await effect({ tx, application: changed, note: input.note, details: input.details ?? {}, actor: input.actor })) ?? undefined)
      : undefined;
    return { updated: changed, afterCommit };
  }

  /** What a committed change does next (an e-mail of its effect): a failure is reported, never undone. */
  async function runAfterCommit(afterCommit: (() => Promise<void>) | undefined, input: StatusRequest): Promise<void> {
    if (!afterCommit) return;
    await afterCommit().catch((error: unknown) => {
      const transition = findTransition(input.application.status, input.role, input.to);
      if (transition) onAfterCommitError?.(error, transition);
    });
  }

  return {
    apply,
    committed,
    transaction,

    /**
     * UpdateTurCompilazioneStatus / UpdatePuiCompilazioneStatus: the machine decides whether `role` may move
     * the application from its current status to `to`. 409 with an Italian message for anything else.
     */
    async request(input: StatusRequest): Promise<ApplicationRow> {
      const { updated, afterCommit } = await transaction((tx) => requestIn(tx, input));
      if (isStatusMailStatus(updated.status)) committed();
      await runAfterCommit(afterCommit, input);
      return updated;
    },

    requestIn,
    runAfterCommit,

    /**
     * CreateDraftCompilazione while a person types: the application exists and is Aperta, the version matches,
     * the person is a member. One UPDATE, the machine's autosave in place, instead of a membership look-up and a
     * transaction of five statements. Its WHERE is checked on the locked row, so a submit or another save
     * committed meanwhile makes it match nothing. Answers undefined when anything does not hold: nothing is
     * written, and saveDraft (after the route's membership check) decides and says why, as for a first save.
     */
    async autosaveInPlace(input: {
      organizationId: string;
      fund: string;
      draft: Record<string, unknown>;
      expectedVersion?: number;
      memberUserId: string;
    }): Promise<SavedDraft | undefined> {
      const at = new Date().toISOString();
      const [saved] = await autosaveInPlace.execute({
        organizationId: input.organizationId,
        fund: input.fund,
        draft: JSON.stringify(input.draft),
        at,
        expectedVersion: input.expectedVersion ?? null,
        userId: input.memberUserId,
      });
      return saved;
    },

    /**
     * CreateDraftCompilazione: stores the draft and moves the application to Aperta through the machine's
     * autosave event (refused once submitted). With `expectedVersion`, a draft saved meanwhile by someone
     * else answers 412 instead of being overwritten. The caller checked the membership.
     */
    async saveDraft(input: {
      organizationId: string;
      fund: string;
      draft: Record<string, unknown>;
      expectedVersion?: number;
      actor: StatusActor;
    }): Promise<SavedDraft> {
      const { organizationId, fund, expectedVersion } = input;
      const at = new Date();
      return db.transaction(async (tx) => {
        // Created lazily, in Non avviata: the autosave below is then its first transition like any other.
        await tx.insert(applications).values({ organizationId, fund }).onConflictDoNothing();
        const [current] = await tx
          .select({
            id: applications.id,
            status: applications.status,
            draftVersion: applications.draftVersion,
            submittedAt: applications.submittedAt,
          })
          .from(applications)
          .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)))
          .for('update');
        if (!current) throw new Error('application row vanished');
        // A draft never handed over is saved only while its call is open (issue 44); a submitted one is refused below.
        if (transitionOn(current.status, 'applicant.draft.autosave')) {
          const [call] = await tx.select({ opensAt: calls.opensAt, closesAt: calls.closesAt }).from(calls).where(eq(calls.fund, fund));
          if (call) refuseOutsideCallWindow(call, current.submittedAt !== null, at, 'draft');
        }
        if (expectedVersion !== undefined && expectedVersion !== current.draftVersion) {
          throw new HttpError(412, 'draft_version_conflict', m.draftStale);
        }
        const autosave = transitionOn(current.status, 'applicant.draft.autosave');
        if (!autosave) throw new HttpError(409, 'application_submitted', m.draftLocked);
        const saved = await apply(tx, current.id, autosave, input.actor, {
          at,
          set: { draft: input.draft, draftVersion: sql`${applications.draftVersion} + 1`, draftUpdatedAt: at },
        });
        // The row is locked: nobody can have changed it since it was read.
        if (!saved) throw new Error('locked application changed');
        return saved;
      });
    },
  };
}

export type StatusChanges = ReturnType<typeof createStatusChanges>;
