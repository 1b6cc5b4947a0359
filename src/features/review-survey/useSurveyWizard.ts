import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { fundEntry } from '../../../domain/funds.ts';
import { surveyMessages } from '../../../domain/messages/survey.ts';
import { receiptsMessages } from '../../../domain/messages/receipts.ts';
import type { MonitoringRow } from '../../../domain/monitoring.ts';
import { reviewSurveyNames } from '../../../domain/surveys.ts';
import {
  statusLabelAfter,
  surveyAccess,
  surveySubmitEvent,
  type SurveyAccess,
  type SurveyStage,
} from '../../../machines/application-lifecycle/selectors.ts';
import { createSurveyWizardActors } from '../../../machines/survey-wizard/actors.ts';
import { surveyWizardMachine } from '../../../machines/survey-wizard/surveyWizard.machine.ts';
import { surveyCheckOf, type SurveyPart } from '../../../machines/survey-wizard/types.ts';
import { applicationQueries, updateCompilationStatus } from '../../api/applications.ts';
import { attachmentQueries } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { monitoringQueries } from '../../api/monitoring.ts';
import { issuedReceipt, keepIssuedReceipt } from '../../api/receipts.ts';
import { getSurveyValidation, surveyQueries } from '../../api/surveys.ts';
import { inspect } from '../../devtools/inspect.ts';
import { notify } from '../../ui/toastQueue.ts';
import { surveyAnswersSync, type StoredSurvey } from './answersSync.ts';

const m = surveyMessages;

export interface SurveyWizardOptions {
  api: ApiClient;
  fund: Fund;
  organizationId: string;
  viewer: 'applicant' | 'admin';
  /** The applicant's "Visualizza": read-only whatever the status. */
  isReadOnly: boolean;
  monitoraggio: boolean;
  /** Monitoring: the period to show (its id); the current one when undefined. */
  periodId?: string | undefined;
}

/** One survey as the wizard shows it: its definition (the version its answers are pinned to) and stored answers. */
export interface ShownSurvey {
  definition: Record<string, unknown>;
  answers: Record<string, unknown>;
  /** When the stored answers arrived: a survey is built again from newer ones. */
  answersUpdatedAt: number;
  /** The stored answers are being fetched again (each step change asks for them): the survey waits for them. */
  refreshing: boolean;
}

export interface LoadedSurveys {
  candidaturaId: string;
  stage: SurveyStage;
  /** The lifecycle's answer for this person, status and period. */
  access: SurveyAccess;
  /** Monitoring: the period shown, and every period opened (the admin's selector). */
  period: MonitoringRow | undefined;
  periods: MonitoringRow[];
  surveys: Record<SurveyPart, ShownSurvey>;
  /** Where each survey's answers sync starts. */
  stored: Record<SurveyPart, StoredSurvey>;
  /** The latest definition of each survey: its answers are read by it. */
  latestIds: Record<SurveyPart, number>;
}

export type SurveyData =
  | { kind: 'loading' }
  /** Something could not be loaded: `retry` asks again for what failed. */
  | { kind: 'failed'; retry(): void }
  /** Monitoring: no period is open for the application. */
  | { kind: 'noPeriod' }
  | ({ kind: 'loaded' } & LoadedSurveys);

/**
 * Spec §2 Survey wizard, what it is built from: the application, the fund's two surveys (each definition in the
 * version its stored answers are pinned to) and, in monitoring, the periods opened. Who may answer comes from the
 * lifecycle (`surveyAccess`).
 */
export function useSurveyData(options: SurveyWizardOptions): SurveyData {
  const { api, fund, organizationId, monitoraggio } = options;
  const compilation = useQuery(applicationQueries.compilation(api, fund, organizationId));
  const types = useQuery(surveyQueries.typeList(api));
  const names = reviewSurveyNames(fundEntry(fund));
  const latest = names.map((name) => types.data?.find((type) => type.name === name));
  const candidaturaId = compilation.data?.id ?? '';
  // Monitoring: the periods opened for the application, to pick the one shown.
  const periods = useQuery({ ...monitoringQueries.rows(api, fund, candidaturaId), enabled: monitoraggio && candidaturaId !== '' });
  const period = periods.data?.find((row) => (options.periodId ? row.id === options.periodId : row.current));
  const periodReady = !monitoraggio || periods.isSuccess;
  const submissionQueries = latest.map((type) => surveyQueries.submission(api, type?.id ?? 0, candidaturaId, monitoraggio, period?.id));
  const submissions = useQueries({
    queries: submissionQueries.map((query, index) => ({
      ...query,
      enabled: latest[index] !== undefined && candidaturaId !== '' && periodReady,
    })),
  });
  // A refresh asked for by a step change is under way in the cache before the queries' observers hear of it (a
  // moment later): read there, the survey of the new step waits for its answers from its first render.
  const queryClient = useQueryClient();
  const refreshing = (index: number) =>
    submissions[index]!.isFetching || queryClient.getQueryState(submissionQueries[index]!.queryKey)?.fetchStatus === 'fetching';
  const pinnedIds = latest.map((type, index) => submissions[index]?.data?.surveyId ?? type?.id ?? 0);
  const definitions = useQueries({
    queries: pinnedIds.map((id) => ({ ...surveyQueries.definition(api, id), enabled: id > 0 && submissions.every((s) => s.isSuccess) })),
  });

  const queries = [compilation, types, periods, ...submissions, ...definitions];
  if (queries.some((query) => query.isError)) {
    return {
      kind: 'failed',
      retry: () => {
        for (const query of queries) if (query.isError) void query.refetch();
      },
    };
  }
  if (monitoraggio && periods.data && !period) return { kind: 'noPeriod' };
  if (!compilation.data || definitions.some((d) => !d.data) || submissions.some((s) => !s.isSuccess)) return { kind: 'loading' };

  const stage: SurveyStage = monitoraggio ? 'monitoring' : 'review';
  const byPart = <T>(of: (index: number) => T) => ({ istruttoria: of(0), gresb: of(1) });
  return {
    kind: 'loaded',
    candidaturaId: compilation.data.id,
    stage,
    access: surveyAccess(compilation.data.statusCode, { stage, viewer: options.viewer, readOnly: options.isReadOnly, period }),
    period,
    periods: periods.data ?? [],
    surveys: byPart((index) => ({
      definition: definitions[index]!.data!.json,
      answers: submissions[index]!.data?.json ?? {},
      answersUpdatedAt: submissions[index]!.dataUpdatedAt,
      refreshing: refreshing(index),
    })),
    stored: byPart((index) => ({
      surveyId: pinnedIds[index]!,
      submissionId: submissions[index]!.data?.id ?? null,
      version: submissions[index]!.data?.version ?? 0,
    })),
    latestIds: byPart((index) => latest[index]!.id),
  };
}

/**
 * The running survey wizard machine of one application, with the portal's side effects supplied, as the application
 * wizard's hook does: the stage's attachments check, Invia (the lifecycle's status for the stage), each survey's
 * answers saved by its draft sync (which reloads the stored ones after a conflict), the notifications and the way to
 * /surveyIstruttoriaCompletata. Also the step indicators' done or incomplete, from the server's check.
 */
export function useSurveyWizard(options: SurveyWizardOptions, loaded: LoadedSurveys) {
  const { api, fund, organizationId, monitoraggio } = options;
  const { candidaturaId, stage, access, period } = loaded;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const entry = fundEntry(fund);

  const answersSync = (part: SurveyPart) =>
    surveyAnswersSync({
      api,
      candidaturaId,
      compilazioneType: entry.compilazioneType,
      monitoraggio,
      monitoringPeriodId: period?.id,
      stored: loaded.stored[part],
      readStored: () =>
        queryClient.fetchQuery({
          ...surveyQueries.submission(api, loaded.latestIds[part], candidaturaId, monitoraggio, period?.id),
          staleTime: 0,
        }),
    });

  const actor = useActorRef(
    surveyWizardMachine.provide({
      actors: {
        ...createSurveyWizardActors({
          // The route's loader asked for the attachments' check: its answer is read from the cache, not asked again.
          load: async () => ({
            attachmentsValid: monitoraggio
              ? true
              : (await queryClient.ensureQueryData(attachmentQueries.validation(api, fund, organizationId, 'review'))).isValid,
          }),
          submit: async () => {
            const compilation = await updateCompilationStatus(api, {
              fund,
              applicationId: candidaturaId,
              status: statusLabelAfter[surveySubmitEvent[stage]],
              note: '',
            });
            // The receipt it issued (its protocol number): the toast says it, the confirmation page shows it.
            keepIssuedReceipt(queryClient, api, compilation.receipts, stage);
          },
          readIssues: async () => (await getSurveyValidation(api, candidaturaId, monitoraggio, undefined, period?.id)).issues,
        }),
        istruttoriaSync: answersSync('istruttoria'),
        gresbSync: answersSync('gresb'),
      },
      actions: {
        refreshAnswers: () => void queryClient.invalidateQueries({ queryKey: surveyQueries.all }),
        notifyCompleted: () => {
          const issued = issuedReceipt(queryClient, stage);
          notify({
            tone: 'success',
            title: receiptsMessages.handedOverTitle[stage],
            description: issued ? receiptsMessages.receiptIssued(issued.protocol) : undefined,
          });
          void queryClient.invalidateQueries({ queryKey: applicationQueries.all });
          void queryClient.invalidateQueries({ queryKey: monitoringQueries.all });
          void navigate({ to: '/surveyIstruttoriaCompletata', search: { ricevuta: issued?.id } });
        },
        notifyFailed: () => notify({ tone: 'error', title: m.failedTitle, description: monitoraggio ? m.monitoringFailed : m.failed }),
      },
    }),
    {
      inspect,
      input: { mode: stage, access, versions: { istruttoria: loaded.stored.istruttoria.version, gresb: loaded.stored.gresb.version } },
    },
  );

  const reviewValidation = useQuery({ ...attachmentQueries.validation(api, fund, organizationId, 'review'), enabled: !monitoraggio });
  const attachmentsValid = reviewValidation.data?.isValid;
  useEffect(() => {
    if (attachmentsValid !== undefined) actor.send({ type: 'attachments.changed', valid: attachmentsValid });
  }, [actor, attachmentsValid]);

  // Step indicators (spec §2): done or incomplete, from the server's check of the stored answers and slots, which
  // the machine keeps.
  const validation = useQuery(surveyQueries.validation(api, candidaturaId, monitoraggio, period?.id));
  useEffect(() => {
    if (validation.data) actor.send({ type: 'check.changed', check: surveyCheckOf(validation.data) });
  }, [actor, validation.data]);
  // Slots filled or emptied change what the surveys' check says: it is asked again when the attachments' check
  // answers differently (the query keeps the same object for the same answer), not each time it is asked.
  const attachmentsCheck = useRef(reviewValidation.data);
  useEffect(() => {
    if (reviewValidation.data === attachmentsCheck.current) return;
    attachmentsCheck.current = reviewValidation.data;
    void queryClient.invalidateQueries({ queryKey: surveyQueries.validations });
  }, [queryClient, reviewValidation.data]);

  // One stable callback per survey: the survey renders again only when what it is built from changes.
  const onAnswersChange = useMemo(
    () => ({
      istruttoria: (answers: Record<string, unknown>) => actor.send({ type: 'answers.change', part: 'istruttoria', answers }),
      gresb: (answers: Record<string, unknown>) => actor.send({ type: 'answers.change', part: 'gresb', answers }),
    }),
    [actor],
  );

  return { actor, onAnswersChange };
}
