import { fromPromise } from 'xstate';
import type { Evaluation } from '../../../domain/evaluation.ts';
import { draftSyncChild } from '../../../machines/draft-sync/draftSync.machine.ts';
import type { ReloadedDraft, SaveDraftRequest, SavedDraftVersion } from '../../../machines/draft-sync/types.ts';
import type { HandOverRefusal } from '../../../machines/evaluation/types.ts';
import { ApiRequestError } from '../../api/errors.ts';
import type { ApiClient } from '../../api/client.ts';
import { getEvaluation, handOverEvaluation, saveEvaluation } from '../../api/evaluation.ts';

/**
 * The evaluation machine's calls (machines/evaluation): the draft-sync child saving the answers through
 * SaveEvaluation and, on Ricarica after a conflict, reading the stored ones back; and the hand-over of the version
 * last stored here. The version the server last answered is kept here, where both read it.
 */
export function createEvaluationActors(api: ApiClient, loaded: Evaluation) {
  const compilazioneId = loaded.compilazioneId;
  let version = loaded.version;
  return {
    evaluationSync: draftSyncChild.provide({
      actors: {
        saveDraft: fromPromise<SavedDraftVersion, SaveDraftRequest>(async ({ input }) => {
          const saved = await saveEvaluation(api, {
            compilazioneId,
            answers: input.values as Record<string, unknown>,
            version: input.version,
          });
          version = saved.version;
          return { version: saved.version, savedAt: saved.updatedAt };
        }),
        reloadDraft: fromPromise<ReloadedDraft, void>(async () => {
          const stored = await getEvaluation(api, compilazioneId);
          version = stored.version;
          return { version: stored.version, payload: stored.answers };
        }),
      },
    }),
    handOver: fromPromise<Evaluation, void>(async () => {
      try {
        return await handOverEvaluation(api, { compilazioneId, version });
      } catch (error) {
        const refusal: HandOverRefusal = { message: error instanceof Error ? error.message : '' };
        if (error instanceof ApiRequestError && error.status === 422) refusal.issues = [...error.issues];
        throw refusal;
      }
    }),
  };
}
