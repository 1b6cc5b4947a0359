import { fromCallback } from 'xstate';
import type { AnswersSyncCommand, AnswersSyncInput, SurveyPart } from '../../../machines/survey-wizard/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiRequestError } from '../../api/errors.ts';
import { createSurveyAnswers } from '../../api/surveys.ts';

export interface StoredSurvey {
  surveyId: number;
  submissionId: string | null;
  version: number;
}

/**
 * The survey wizard's `answersSync` child for one survey: the latest answers, one save at a time, with the
 * version last seen; a 412 is reported as a conflict and stops saving.
 *
 * TEMPORARY SEAM: the survey wizard is written to invoke the lead's draft-sync machine here (debounce, backoff
 * and retry on a dropped network or an expired token live there). Until draft-sync is on main this minimal
 * adapter keeps the wizard usable; replace it by draft-sync, adapted to report `sync.state`, without touching
 * the survey wizard machine.
 */
export function createAnswersSync(deps: {
  api: ApiClient;
  candidaturaId: string;
  compilazioneType: number;
  monitoraggio: boolean;
  stored: Record<SurveyPart, StoredSurvey>;
  onSaved(part: SurveyPart): void;
}) {
  return fromCallback<AnswersSyncCommand, AnswersSyncInput>(({ input, sendBack, receive }) => {
    const stored = { ...deps.stored[input.part] };
    let latest: Record<string, unknown> | null = null;
    let sending = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const report = (state: 'idle' | 'saving' | 'conflict') => sendBack({ type: 'sync.state', part: input.part, state });

    async function send(): Promise<void> {
      if (sending || stopped || latest === null) return;
      const answers = latest;
      latest = null;
      sending = true;
      report('saving');
      try {
        const saved = await createSurveyAnswers(deps.api, {
          surveySubmissionID: stored.submissionId,
          surveyId: stored.surveyId,
          json: answers,
          candidaturaId: deps.candidaturaId,
          compilazioneType: deps.compilazioneType,
          monitoraggio: deps.monitoraggio,
          version: stored.version,
        });
        stored.submissionId = saved.id;
        stored.version = saved.version;
        sending = false;
        deps.onSaved(input.part);
        if (latest === null) report('idle');
        else void send();
      } catch (error) {
        sending = false;
        if (error instanceof ApiRequestError && error.status === 412) {
          stopped = true;
          report('conflict');
          return;
        }
        // Not saved: keep these answers unless newer ones came, and try again.
        latest ??= answers;
        retry = setTimeout(() => void send(), 3000);
      }
    }

    receive((command) => {
      latest = command.answers;
      clearTimeout(retry);
      void send();
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
    };
  });
}
