import { fromPromise } from 'xstate';
import type { SurveySubmission } from '../../../domain/surveys.ts';
import { draftSyncChild } from '../../../machines/draft-sync/draftSync.machine.ts';
import type { ReloadedDraft, SaveDraftRequest, SavedDraftVersion } from '../../../machines/draft-sync/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createSurveyAnswers } from '../../api/surveys.ts';

/** One survey's stored answers as its sync starts from them: the definition answered, the submission, its version. */
export interface StoredSurvey {
  surveyId: number;
  submissionId: string | null;
  version: number;
}

/**
 * The survey wizard's draft-sync child for one survey (`istruttoriaSync`, `gresbSync`): the draft-sync machine
 * (machines/draft-sync: one save at a time with its version, doubling retries on a dropped network or a server
 * error, 412 conflict) saving the answers through CreateSurveyAnswers and, on Ricarica after a conflict, reading
 * the stored ones back (`readStored`, which refreshes the page's copy too).
 */
export function surveyAnswersSync(deps: {
  api: ApiClient;
  candidaturaId: string;
  compilazioneType: number;
  monitoraggio: boolean;
  /** Monitoring: the period being answered (the server refuses a save once another period is open). */
  monitoringPeriodId?: string | undefined;
  stored: StoredSurvey;
  readStored(): Promise<SurveySubmission | null>;
}) {
  const stored = { ...deps.stored };
  return draftSyncChild.provide({
    actors: {
      saveDraft: fromPromise<SavedDraftVersion, SaveDraftRequest>(async ({ input: request }) => {
        const saved = await createSurveyAnswers(deps.api, {
          surveySubmissionID: stored.submissionId,
          surveyId: stored.surveyId,
          json: request.values as Record<string, unknown>,
          candidaturaId: deps.candidaturaId,
          compilazioneType: deps.compilazioneType,
          monitoraggio: deps.monitoraggio,
          ...(deps.monitoringPeriodId ? { monitoringPeriodId: deps.monitoringPeriodId } : {}),
          version: request.version,
        });
        stored.submissionId = saved.id;
        return { version: saved.version, savedAt: saved.updatedAt };
      }),
      // What is stored now (another tab's or member's save): the next save goes on from its version.
      reloadDraft: fromPromise<ReloadedDraft, void>(async () => {
        const submission = await deps.readStored();
        stored.submissionId = submission?.id ?? null;
        if (submission) stored.surveyId = submission.surveyId;
        return { version: submission?.version ?? 0, payload: submission?.json ?? {} };
      }),
    },
  });
}
