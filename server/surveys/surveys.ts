import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AttachmentPurpose } from '../../domain/attachments.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import {
  reviewSurveyNames,
  type SurveyDefinition,
  type SurveyDefinitionSummary,
  type SurveyIssue,
  type SurveySubmission,
  type SurveyValidation,
} from '../../domain/surveys.ts';
import { isSurveyOpen } from '../../machines/application-lifecycle/selectors.ts';
import type { TransitionEffects, TransitionPreconditions } from '../applications/statusChanges.ts';
import type { Db } from '../db/client.ts';
import { applications, type ApplicationRow } from '../db/schema/applications.ts';
import { surveyDefinitions, surveySubmissions } from '../db/schema/surveys.ts';
import { HttpError } from '../errors.ts';
import { currentRoundOf } from '../monitoring/rounds.ts';
import { answersToQuestionsOf, answerIssues } from './answerValidation.ts';
import { definitionById, latestDefinition, titleOf, type SurveyDefinitionRow } from './definitions.ts';

const m = surveyMessages;

type SubmissionRow = typeof surveySubmissions.$inferSelect;

/** The mandatory attachments of `purpose` still missing, read in the caller's transaction (the attachments module's). */
export type MissingMandatoryAttachments = (tx: Db, organizationId: string, fund: string, purpose: AttachmentPurpose) => Promise<string[]>;

export interface SurveysDeps {
  db: Db;
  funds: readonly FundEntry[];
  missingMandatory: MissingMandatoryAttachments;
}

export function summaryOf(row: SurveyDefinitionRow): SurveyDefinitionSummary {
  return { id: row.id, name: row.name, version: row.version, title: titleOf(row) };
}

export function definitionOf(row: SurveyDefinitionRow): SurveyDefinition {
  return { ...summaryOf(row), json: row.json };
}

/**
 * The review (and, next, monitoring) surveys of an application: definitions by version, answers saved on every
 * change with optimistic concurrency, and the check that the review is complete before Istruttoria Sottomessa —
 * supplied to the lifecycle service as that event's precondition, with the effect that freezes the answers.
 */
export function createSurveys(deps: SurveysDeps) {
  const { db, funds, missingMandatory } = deps;

  function fundOf(application: Pick<ApplicationRow, 'fund'>): FundEntry {
    const entry = funds.find((f) => f.fund === application.fund);
    if (!entry) throw new HttpError(404, 'survey_not_found', m.notFound);
    return entry;
  }

  async function latestVersions(): Promise<SurveyDefinitionRow[]> {
    const rows = await db
      .selectDistinctOn([surveyDefinitions.name])
      .from(surveyDefinitions)
      .orderBy(asc(surveyDefinitions.name), desc(surveyDefinitions.version));
    return rows;
  }

  function submissionView(row: SubmissionRow, entry: FundEntry): SurveySubmission {
    return {
      id: row.id,
      surveyId: row.definitionId,
      surveyName: row.surveyName,
      candidaturaId: row.applicationId,
      compilazioneType: entry.compilazioneType,
      monitoraggio: row.monitoraggio,
      monitoringPeriodId: row.monitoringPeriodId,
      json: row.answers,
      version: row.version,
      submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The review's answers (`periodId` null) or one monitoring period's. */
  const whereSubmission = (applicationId: string, surveyName: string, periodId: string | null) =>
    and(
      eq(surveySubmissions.applicationId, applicationId),
      eq(surveySubmissions.surveyName, surveyName),
      eq(surveySubmissions.monitoraggio, periodId !== null),
      periodId === null ? isNull(surveySubmissions.monitoringPeriodId) : eq(surveySubmissions.monitoringPeriodId, periodId),
    );

  /**
   * What still stops the surveys of `application` from being handed over: answers by survey and question, attachments.
   * `periodId` null: the review; otherwise that monitoring period.
   */
  async function validationOf(tx: Db, application: ApplicationRow, periodId: string | null): Promise<SurveyValidation> {
    const monitoraggio = periodId !== null;
    const entry = fundOf(application);
    const issues: SurveyIssue[] = [];
    for (const name of reviewSurveyNames(entry)) {
      const [submission] = await tx
        .select()
        .from(surveySubmissions)
        .where(whereSubmission(application.id, name, periodId));
      const definition = submission ? await definitionById(tx, submission.definitionId) : await latestDefinition(tx, name);
      if (!definition) throw new HttpError(409, 'survey_not_found', m.notFound);
      issues.push(...(await answerIssues(definition, submission?.answers ?? {})));
    }
    const missingAttachments = await missingMandatory(
      tx,
      application.organizationId,
      application.fund,
      monitoraggio ? 'monitoring' : 'review',
    );
    return { complete: issues.length === 0 && missingAttachments.length === 0, issues, missingAttachments };
  }

  /**
   * The check before the surveys are handed over (review: `periodId` null; a monitoring period): 422 naming the
   * answers missing by survey and question, the reason (409) when a mandatory attachment is missing, else null.
   */
  async function handOverCheck(tx: Db, application: ApplicationRow, periodId: string | null): Promise<string | null> {
    const validation = await validationOf(tx, application, periodId);
    if (validation.issues.length > 0) {
      const list = validation.issues.map((issue) => `${issue.surveyName} \u2014 \u00ab${issue.title}\u00bb`).join('; ');
      throw new HttpError(422, 'survey_incomplete', m.missingAnswers(list));
    }
    if (validation.missingAttachments.length > 0) return m.missingAttachments(validation.missingAttachments.join(', '));
    return null;
  }

  const preconditions: TransitionPreconditions = {
    'applicant.review.submit': (tx, application) => handOverCheck(tx, application, null),
  };

  const effects: TransitionEffects = {
    // From now on the answers are what was handed over: no save changes them (409).
    'applicant.review.submit': async ({ tx, application }) => {
      await tx
        .update(surveySubmissions)
        .set({ submittedAt: application.statusChangedAt ?? new Date() })
        .where(
          and(
            eq(surveySubmissions.applicationId, application.id),
            eq(surveySubmissions.monitoraggio, false),
            isNull(surveySubmissions.monitoringPeriodId),
            isNull(surveySubmissions.submittedAt),
          ),
        );
    },
  };

  return {
    preconditions,
    effects,
    funds,
    fundOf,
    handOverCheck,
    whereSubmission,
    latestDefinition,

    /** GetSurveyTypeList: the latest version of every survey whose name names a fund ('…-Tur', '…-Pui'). */
    async typeList(): Promise<SurveyDefinitionSummary[]> {
      const controllers = funds.map((f) => f.controller.toLowerCase());
      return (await latestVersions()).filter((row) => controllers.some((c) => row.name.toLowerCase().includes(c))).map(summaryOf);
    },

    async latestByName(name: string): Promise<SurveyDefinitionRow | undefined> {
      return latestDefinition(db, name);
    },

    async definitionById(id: number): Promise<SurveyDefinitionRow | undefined> {
      return definitionById(db, id);
    },

    async submissionOf(application: ApplicationRow, surveyName: string, periodId: string | null): Promise<SurveySubmission | null> {
      const [row] = await db
        .select()
        .from(surveySubmissions)
        .where(whereSubmission(application.id, surveyName, periodId));
      return row ? submissionView(row, fundOf(application)) : null;
    },

    async submissionById(id: string): Promise<{ row: SubmissionRow; application: ApplicationRow } | undefined> {
      const [found] = await db
        .select({ row: surveySubmissions, application: applications })
        .from(surveySubmissions)
        .innerJoin(applications, eq(applications.id, surveySubmissions.applicationId))
        .where(eq(surveySubmissions.id, id));
      return found;
    },

    view: submissionView,

    validation(application: ApplicationRow, periodId: string | null): Promise<SurveyValidation> {
      return validationOf(db, application, periodId);
    },

    /**
     * CreateSurveyAnswers: stores the answers of one survey while the application accepts them (409 otherwise
     * or once handed over). With `expectedVersion`, answers saved meanwhile by someone else answer 412 instead
     * of being overwritten. The first save pins the submission to the definition it was answered against.
     * Monitoring answers (`monitoraggio`) go to the application's current period; naming another period is 409.
     * Only answers to the definition's questions are stored (answersToQuestionsOf).
     */
    async save(input: {
      application: ApplicationRow;
      definition: SurveyDefinitionRow;
      monitoraggio: boolean;
      /** The period the client believes it is answering (monitoring); undefined: the current one. */
      monitoringPeriodId?: string | undefined;
      submissionId: string | null;
      answers: Record<string, unknown>;
      expectedVersion: number | undefined;
      userId: string;
    }): Promise<SurveySubmission> {
      const { application, definition, monitoraggio } = input;
      const entry = fundOf(application);
      return db.transaction(async (tx) => {
        // Shared: a submit (which locks the row for update) waits for this save, or this save sees its status.
        const [current] = await tx
          .select({ status: applications.status })
          .from(applications)
          .where(eq(applications.id, application.id))
          .for('share');
        if (!current || !isSurveyOpen(current.status, monitoraggio ? 'monitoring' : 'review'))
          throw new HttpError(409, 'survey_closed', monitoraggio ? m.monitoringNotOpen : m.notOpen);
        let periodId: string | null = null;
        if (monitoraggio) {
          const round = await currentRoundOf(tx, application.id);
          if (!round || round.submittedAt) throw new HttpError(409, 'survey_closed', m.monitoringNotOpen);
          if (input.monitoringPeriodId !== undefined && input.monitoringPeriodId !== round.periodId) {
            throw new HttpError(409, 'survey_period_closed', m.monitoringPeriodClosed);
          }
          periodId = round.periodId;
        }
        const [existing] = await tx
          .select()
          .from(surveySubmissions)
          .where(whereSubmission(application.id, definition.name, periodId))
          .for('update');
        const at = new Date();
        if (existing) {
          if (existing.submittedAt) throw new HttpError(409, 'survey_submitted', m.alreadySubmitted);
          const stale =
            (input.expectedVersion !== undefined && input.expectedVersion !== existing.version) ||
            (input.submissionId !== null && input.submissionId !== existing.id);
          if (stale) throw new HttpError(412, 'survey_version_conflict', m.stale);
          // Answers to the version the submission is pinned to.
          const pinned = existing.definitionId === definition.id ? definition : await definitionById(tx, existing.definitionId);
          const answers = await answersToQuestionsOf(pinned ?? definition, input.answers);
          const [updated] = await tx
            .update(surveySubmissions)
            .set({ answers, version: sql`${surveySubmissions.version} + 1`, updatedBy: input.userId, updatedAt: at })
            .where(eq(surveySubmissions.id, existing.id))
            .returning();
          return submissionView(updated!, entry);
        }
        // Nothing stored yet: a client that believes it saved before is out of date.
        if (input.submissionId !== null || (input.expectedVersion ?? 0) > 0) throw new HttpError(412, 'survey_version_conflict', m.stale);
        const [inserted] = await tx
          .insert(surveySubmissions)
          .values({
            applicationId: application.id,
            surveyName: definition.name,
            definitionId: definition.id,
            monitoraggio,
            monitoringPeriodId: periodId,
            answers: await answersToQuestionsOf(definition, input.answers),
            version: 1,
            updatedBy: input.userId,
            createdAt: at,
            updatedAt: at,
          })
          // Another tab's first save got there first: this one is stale.
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new HttpError(412, 'survey_version_conflict', m.stale);
        return submissionView(inserted, entry);
      });
    },
  };
}

export type Surveys = ReturnType<typeof createSurveys>;
