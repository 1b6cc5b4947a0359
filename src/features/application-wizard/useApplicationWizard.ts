import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useEffect } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { wizardMessages } from '../../../domain/messages/wizard.ts';
import { receiptsMessages } from '../../../domain/messages/receipts.ts';
import type { FundCompilation } from '../../../domain/application.ts';
import type { FundWizardDefinition } from '../../../domain/wizard.ts';
import { italianCalendarDay } from '../../../domain/italianDates.ts';
import { isSubmittedStatus } from '../../../machines/application-lifecycle/transitions.ts';
import { createApplicationWizardActors } from '../../../machines/application-wizard/actors.ts';
import { applicationWizardMachine } from '../../../machines/application-wizard/applicationWizard.machine.ts';
import { draftSyncChild } from '../../../machines/draft-sync/draftSync.machine.ts';
import type { ReloadedDraft, SaveDraftRequest, SavedDraftVersion } from '../../../machines/draft-sync/types.ts';
import { fundEntry } from '../../../domain/funds.ts';
import { selectHasUnsavedChanges } from '../../../machines/application-wizard/selectors.ts';
import type { LoadedApplication, WizardDefinition } from '../../../machines/application-wizard/types.ts';
import { applicationQueries, getCompilation, hasApplication } from '../../api/applications.ts';
import type { ApiClient } from '../../api/client.ts';
import { getDraft, saveDraft } from '../../api/drafts.ts';
import { issuedReceipt, keepIssuedReceipt } from '../../api/receipts.ts';
import { notify } from '../../ui/toastQueue.ts';
import { inspect } from '../../devtools/inspect.ts';

/**
 * What the wizard shows on arrival: a submitted application's stored body (read-only), otherwise the latest
 * draft (spec §3: "an all-zero id means none exists yet; then a draft is fetched instead").
 */
async function loadApplication(api: ApiClient, fund: Fund, organizationId: string, signal: AbortSignal): Promise<LoadedApplication> {
  // Both at once: the draft is read whether or not the application was submitted.
  const [compilation, draft] = await Promise.all([
    getCompilation(api, fund, organizationId, signal),
    getDraft(api, fund, organizationId, signal),
  ]);
  const submitted = hasApplication(compilation) && isSubmittedStatus(compilation.statusCode);
  const body = 'body' in compilation ? compilation.body : null;
  const json = submitted && body ? body : draft ? (JSON.parse(draft.json) as unknown) : null;
  return {
    submitted,
    statusCode: hasApplication(compilation) ? compilation.statusCode : null,
    draft: json === null ? null : { json, version: draft?.version ?? 0 },
  };
}

export interface ApplicationWizardOptions<Values extends Record<string, unknown>> {
  api: ApiClient;
  definition: FundWizardDefinition<Values>;
  organizationId: string;
  isAdmin: boolean;
  /** False for a Sola lettura member: the wizard is read-only (issue 42). */
  memberMayWrite: boolean;
  startStep: number;
  endOfWorksLimit: string;
  /** The call requires the Domanda signed by the legal representative (issue 43). */
  signatureRequired: boolean;
}

/**
 * The running wizard machine of one application, with the portal's side effects supplied: the API calls,
 * the notifications and the way to /candidaturaCompletata (spec §8). While changes are unsaved, leaving the
 * page asks first; coming back online or hiding the page saves at once.
 */
export function useApplicationWizard<Values extends Record<string, unknown>>(options: ApplicationWizardOptions<Values>) {
  const { api, definition, organizationId, isAdmin, memberMayWrite, startStep, endOfWorksLimit, signatureRequired } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const actor = useActorRef(
    applicationWizardMachine.provide({
      actors: {
        ...createApplicationWizardActors({
          loadApplication: ({ organizationId: orgId, fund }, signal) => loadApplication(api, fund, orgId, signal),
          submitApplication: async ({ values, fund }) => {
            const compilation = await api<FundCompilation>(fundEntry(fund).submitPath, { method: 'POST', body: values });
            // The receipt it issued (its protocol number): the toast says it, the confirmation page shows it.
            keepIssuedReceipt(queryClient, api, compilation.receipts, 'application');
          },
        }),
        // The draft sync saves this application's draft; a reload after a conflict brings the stored one.
        draftSync: draftSyncChild.provide({
          actors: {
            // Not aborted when the wizard closes: a save the server may already have made must be allowed to finish.
            saveDraft: fromPromise<SavedDraftVersion, SaveDraftRequest>(({ input: request }) =>
              saveDraft(api, {
                fund: definition.fund,
                organizationId,
                values: request.values as Record<string, unknown>,
                version: request.version,
              }),
            ),
            reloadDraft: fromPromise<ReloadedDraft, void>(async ({ signal }) => {
              const loaded = await loadApplication(api, definition.fund, organizationId, signal);
              return { version: loaded.draft?.version ?? 0, payload: loaded };
            }),
          },
        }),
      },
      actions: {
        notifySubmitted: () => {
          const issued = issuedReceipt(queryClient, 'application');
          notify({
            tone: 'success',
            title: receiptsMessages.handedOverTitle.application,
            description: issued ? receiptsMessages.receiptIssued(issued.protocol) : undefined,
          });
          void queryClient.invalidateQueries({ queryKey: applicationQueries.all });
          void navigate({ to: '/candidaturaCompletata', search: { ricevuta: issued?.id } });
        },
        notifySubmitFailed: ({ context }) => {
          notify({
            tone: 'error',
            title: wizardMessages.submitFailedTitle,
            description: context.submitError ?? wizardMessages.submitFailed,
          });
        },
      },
    }),
    {
      inspect,
      input: {
        definition: definition as unknown as WizardDefinition,
        organizationId,
        isAdmin,
        memberMayWrite,
        startStep,
        endOfWorksLimit,
        // The day the wizard opens on Italy's calendar: a forecast start of works before it is refused (issue 46).
        today: italianCalendarDay(new Date()),
        signatureRequired,
      },
    },
  );

  const hasUnsavedChanges = useSelector(actor, selectHasUnsavedChanges);
  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedChanges]);

  useEffect(() => {
    const saveNow = () => actor.send({ type: 'draft.save' });
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('online', saveNow);
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      window.removeEventListener('online', saveNow);
      document.removeEventListener('visibilitychange', saveWhenHidden);
    };
  }, [actor]);

  return actor;
}

export type ApplicationWizardActor = ReturnType<typeof useApplicationWizard>;
