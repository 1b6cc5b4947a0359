import { eq, sql } from 'drizzle-orm';
import { EVALUATION_QUESTIONS, evaluationSurveyName, type Evaluation, type SavedEvaluation } from '../../domain/evaluation.ts';
import { isEvaluationOutcome } from '../../domain/evaluationProposal.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { evaluationMessages as m } from '../../domain/messages/evaluation.ts';
import { SURVEY_ANSWERS_MAX_CHARS, type SurveyIssue } from '../../domain/surveys.ts';
import type { UserRow } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { applications, type ApplicationRow } from '../db/schema/applications.ts';
import { applicationEvaluations } from '../db/schema/evaluations.ts';
import { HttpError } from '../errors.ts';
import { answerIssues, answersToQuestionsOf } from '../surveys/answerValidation.ts';
import { definitionById, latestDefinition, type SurveyDefinitionRow } from '../surveys/definitions.ts';
import { definitionOf } from '../surveys/surveys.ts';
import { loadSurveyCore } from '../surveys/surveyCore.ts';
import { personName } from '../timeline/personName.ts';

type EvaluationRow = typeof applicationEvaluations.$inferSelect;

/** An application is evaluated once it has been handed over: never a draft. */
const NOT_YET_HANDED_OVER = new Set<ApplicationRow['status']>(['NON_AVVIATA', 'APERTA']);

/** Refused with every question still missing or wrong (422), as the hand-over of the review surveys is. */
export class EvaluationIncomplete extends Error {
  constructor(readonly issues: readonly SurveyIssue[]) {
    super(m.incomplete);
  }
}

/**
 * What the portal reads of the handed-over answers: the proposed outcome, its note and the weighted score, as
 * survey-core computes the form's expression (the same numbers the administrator saw in the browser). A form
 * without one of those questions simply proposes nothing for it.
 */
async function readProposal(definition: SurveyDefinitionRow, answers: Record<string, unknown>) {
  const { Model } = await loadSurveyCore();
  const model = new Model(definition.json);
  model.data = answers;
  const outcome: unknown = model.getValue(EVALUATION_QUESTIONS.outcome);
  const note: unknown = model.getValue(EVALUATION_QUESTIONS.note);
  const score: unknown = model.getQuestionByName(EVALUATION_QUESTIONS.weightedScore)?.value;
  return {
    outcome: isEvaluationOutcome(outcome) ? outcome : null,
    outcomeNote: typeof note === 'string' && note.trim() !== '' ? note.trim() : null,
    weightedScore: typeof score === 'number' && Number.isFinite(score) ? Math.round(score * 100) / 100 : null,
  };
}

/**
 * The administrators' evaluation of each application (issue 44): the fund's form, answers saved as they are typed
 * with optimistic concurrency (as the review surveys' drafts), and one hand-over, checked with survey-core, after
 * which the evaluation is read-only (409).
 */
export function createEvaluations(deps: { db: Db; funds: readonly FundEntry[] }) {
  const { db, funds } = deps;

  function fundOf(application: Pick<ApplicationRow, 'fund'>): FundEntry {
    const entry = funds.find((f) => f.fund === application.fund);
    if (!entry) throw new HttpError(404, 'evaluation_unavailable', m.unavailable);
    return entry;
  }

  /** The form the answers are pinned to, or the fund's latest one before the first save. */
  async function definitionFor(tx: Db, application: ApplicationRow, row: EvaluationRow | undefined): Promise<SurveyDefinitionRow> {
    const definition = row
      ? await definitionById(tx, row.definitionId)
      : await latestDefinition(tx, evaluationSurveyName(fundOf(application)));
    if (!definition) throw new HttpError(404, 'evaluation_unavailable', m.unavailable);
    return definition;
  }

  function assertOpen(application: Pick<ApplicationRow, 'status'>) {
    if (NOT_YET_HANDED_OVER.has(application.status)) throw new HttpError(409, 'evaluation_not_open', m.notOpen);
  }

  function view(application: ApplicationRow, definition: SurveyDefinitionRow, row: EvaluationRow | undefined): Evaluation {
    return {
      compilazioneId: application.id,
      definition: definitionOf(definition),
      answers: row?.answers ?? {},
      version: row?.version ?? 0,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedByName: row?.updatedByName ?? null,
      handedOverAt: row?.handedOverAt?.toISOString() ?? null,
      handedOverByName: row?.handedOverAt ? (row.handedOverByName ?? null) : null,
      outcome: isEvaluationOutcome(row?.outcome) ? row.outcome : null,
      outcomeNote: row?.outcomeNote ?? null,
      weightedScore: row?.weightedScore ?? null,
    };
  }

  async function rowOf(tx: Db, applicationId: string, lock = false): Promise<EvaluationRow | undefined> {
    const query = tx.select().from(applicationEvaluations).where(eq(applicationEvaluations.applicationId, applicationId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  return {
    async get(application: ApplicationRow): Promise<Evaluation> {
      const row = await rowOf(db, application.id);
      return view(application, await definitionFor(db, application, row), row);
    },

    /**
     * Stores the answers so far, based on `version` (0 before the first save): 412 when somebody saved meanwhile,
     * 409 once handed over or while the application is still a draft. Only answers to the form's questions are kept.
     */
    async save(application: ApplicationRow, answers: Record<string, unknown>, version: number, user: UserRow): Promise<SavedEvaluation> {
      assertOpen(application);
      if (JSON.stringify(answers).length > SURVEY_ANSWERS_MAX_CHARS) throw new HttpError(400, 'survey_answers_invalid', m.answersTooLarge);
      const name = personName(user);
      return db.transaction(async (tx) => {
        const existing = await rowOf(tx, application.id, true);
        const at = new Date();
        if (existing) {
          if (existing.handedOverAt) throw new HttpError(409, 'evaluation_handed_over', m.handedOver);
          if (existing.version !== version) throw new HttpError(412, 'evaluation_version_conflict', m.stale);
          const definition = await definitionFor(tx, application, existing);
          const [updated] = await tx
            .update(applicationEvaluations)
            .set({
              answers: await answersToQuestionsOf(definition, answers),
              version: sql`${applicationEvaluations.version} + 1`,
              updatedBy: user.id,
              updatedByName: name,
              updatedAt: at,
            })
            .where(eq(applicationEvaluations.applicationId, application.id))
            .returning();
          return { version: updated!.version, updatedAt: updated!.updatedAt.toISOString() };
        }
        // Nothing stored yet: a client that believes it saved before is out of date.
        if (version !== 0) throw new HttpError(412, 'evaluation_version_conflict', m.stale);
        const definition = await definitionFor(tx, application, undefined);
        const [inserted] = await tx
          .insert(applicationEvaluations)
          .values({
            applicationId: application.id,
            definitionId: definition.id,
            answers: await answersToQuestionsOf(definition, answers),
            version: 1,
            updatedBy: user.id,
            updatedByName: name,
            createdAt: at,
            updatedAt: at,
          })
          // Another administrator's first save got there first: this one is stale.
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new HttpError(412, 'evaluation_version_conflict', m.stale);
        return { version: inserted.version, updatedAt: inserted.updatedAt.toISOString() };
      });
    },

    /**
     * Hands over the stored answers when they are still the `version` the administrator saw (412 otherwise): they
     * must pass the form's own checks (422 with the questions), then the row is read-only for good (409).
     */
    async handOver(application: ApplicationRow, version: number, user: UserRow): Promise<Evaluation> {
      assertOpen(application);
      return db.transaction(async (tx) => {
        // Shared with a status change: the application's status is the one this hand-over saw.
        await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, application.id)).for('share');
        const existing = await rowOf(tx, application.id, true);
        if (existing?.handedOverAt) throw new HttpError(409, 'evaluation_handed_over', m.handedOver);
        if (!existing || existing.version !== version) throw new HttpError(412, 'evaluation_version_conflict', m.stale);
        const definition = await definitionFor(tx, application, existing);
        const issues = await answerIssues(definition, existing.answers);
        if (issues.length > 0) throw new EvaluationIncomplete(issues);
        const proposal = await readProposal(definition, existing.answers);
        const [updated] = await tx
          .update(applicationEvaluations)
          .set({ handedOverBy: user.id, handedOverByName: personName(user), handedOverAt: new Date(), ...proposal })
          .where(eq(applicationEvaluations.applicationId, application.id))
          .returning();
        return view(application, definition, updated);
      });
    },
  };
}

export type Evaluations = ReturnType<typeof createEvaluations>;
