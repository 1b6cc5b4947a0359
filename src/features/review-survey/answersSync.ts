import { createActor, fromCallback, fromPromise } from 'xstate';
import { wizardMessages } from '../../../domain/messages/wizard.ts';
import { draftSyncMachine } from '../../../machines/draft-sync/draftSync.machine.ts';
import type { DraftSyncState, ReloadedDraft, SaveDraftRequest, SavedDraftVersion } from '../../../machines/draft-sync/types.ts';
import type { AnswersSyncCommand, AnswersSyncInput, SurveyPart } from '../../../machines/survey-wizard/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createSurveyAnswers } from '../../api/surveys.ts';
import { inspect } from '../../devtools/inspect.ts';

export interface StoredSurvey {
  surveyId: number;
  submissionId: string | null;
  version: number;
}

/** The survey wizard hears three states: saved, on its way (waiting, saving, retrying or refused), or in conflict. */
const SURVEY_SYNC_STATE: Record<DraftSyncState, 'idle' | 'saving' | 'conflict'> = {
  idle: 'idle',
  pending: 'saving',
  saving: 'saving',
  retrying: 'saving',
  failed: 'saving',
  conflict: 'conflict',
};

/**
 * The survey wizard's `answersSync` child for one survey: the draft-sync machine (machines/draft-sync: one save at
 * a time with its version, doubling retries on a dropped network or a server error, 412 conflict) saving the
 * answers through CreateSurveyAnswers, and reporting to the wizard as `sync.state`.
 */
export function createAnswersSync(deps: {
  api: ApiClient;
  candidaturaId: string;
  compilazioneType: number;
  monitoraggio: boolean;
  /** Monitoring: the period being answered (the server refuses a save once another period is open). */
  monitoringPeriodId?: string | undefined;
  stored: Record<SurveyPart, StoredSurvey>;
  onSaved(part: SurveyPart): void;
}) {
  return fromCallback<AnswersSyncCommand, AnswersSyncInput>(({ input, sendBack, receive }) => {
    const stored = { ...deps.stored[input.part] };
    const sync = createActor(
      draftSyncMachine.provide({
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
            deps.onSaved(input.part);
            return { version: saved.version, savedAt: saved.updatedAt };
          }),
          // The survey wizard asks the person to reload the page after a conflict; the sync never reloads by itself.
          reloadDraft: fromPromise<ReloadedDraft, void>(() => Promise.reject(new Error(wizardMessages.reloadFailed))),
        },
        actions: {
          reportState: (_, params) => sendBack({ type: 'sync.state', part: input.part, state: SURVEY_SYNC_STATE[params.state] }),
        },
      }),
      { inspect, input: { version: stored.version } },
    );
    sync.start();
    // SurveyJS reports an answer once it is complete (on leaving the field), and a step change refreshes the stored
    // answers: each answer is saved at once rather than after the typing pause.
    receive((command) => {
      sync.send({ type: 'draft.changed', values: command.answers });
      sync.send({ type: 'draft.save' });
    });
    return () => sync.stop();
  });
}
