import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import type { FundDefinition } from '../../../domain/fundDefinition.ts';
import { wizardMessages } from '../../../domain/messages/wizard.ts';
import { isIntegrationOpen } from '../../../machines/application-lifecycle/selectors.ts';
import type { FieldOption } from '../../../domain/wizardFields.ts';
import { applicationQueries } from '../../api/applications.ts';
import type { AttachmentTransfers } from '../../api/attachments.ts';
import { callQueries } from '../../api/calls.ts';
import type { Call } from '../../../domain/call.ts';
import { callWindowNotice } from './callWindowNotice.ts';
import type { MemberStanding } from '../member-standing/memberStanding.ts';
import { useMemberStanding } from '../member-standing/useMemberStanding.ts';
import type { ApiClient } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ApplicationWizardView } from './ApplicationWizardView.tsx';
import { AttachmentsStep, useAttachmentsStatus } from './AttachmentsStep.tsx';
import { IntegrationSection } from './IntegrationSection.tsx';
import { useApplicationWizard, type ApplicationWizardActor } from './useApplicationWizard.ts';

/**
 * The submit step's signature section (issue 43), with its machine and the API calls, is downloaded when the person
 * reaches that step: most visits to the wizard are spent on the other steps.
 */
const DomandaSignatureSection = lazy(() =>
  import('./DomandaSignatureSection.tsx').then((module) => ({ default: module.DomandaSignatureSection })),
);

/**
 * Issue 44: an integration round's items beside their fields and slots, downloaded only when a round names some.
 */
const CorrectionItem = lazy(() => import('./CorrectionItem.tsx').then((module) => ({ default: module.CorrectionItem })));

/** A fund's reference lists by the `source` names of its fields; undefined while one loads. */
export type FundLookups = Record<string, readonly FieldOption[] | undefined>;

/**
 * One fund's wizard in the browser: its definition (domain/<fund>/) and the hook that loads its reference
 * lists (which may fill derived answers, such as the region of the chosen city, through the actor).
 */
export interface FundWizard<Values extends Record<string, unknown>> {
  definition: FundDefinition<Values>;
  useLookups(api: ApiClient, actor: ApplicationWizardActor): FundLookups;
}

export interface FundApplicationWizardProps<Values extends Record<string, unknown>> {
  api: ApiClient;
  transfers: AttachmentTransfers;
  wizard: FundWizard<Values>;
  organizationId: string;
  isAdmin: boolean;
  /** The navigation state's numberStep (4 opens Allegati). */
  startStep: number;
  /** The admin's list with its filters, where 'Torna alla lista' leads (admin pages only). */
  listHref?: string | undefined;
}

/**
 * Spec §2 Application wizard, for any fund: the call's end-of-works limit first (it is a rule of the form),
 * then the wizard machine with the fund's definition, its reference lists and, for admins, the reviewers'
 * warnings.
 */
export function FundApplicationWizard<Values extends Record<string, unknown>>(props: FundApplicationWizardProps<Values>) {
  const calls = useQuery(callQueries.list(props.api));
  const call = calls.data?.find((item) => item.fund === props.wizard.definition.fund);
  if (calls.isError) {
    return (
      <>
        <Alert tone="error">{calls.error.message}</Alert>
        <Button onPress={() => void calls.refetch()}>{wizardMessages.retry}</Button>
      </>
    );
  }
  if (!call) return <Spinner label={wizardMessages.loading} />;
  return <MemberWizard {...props} call={call} />;
}

/**
 * The member's standing next (issue 42): a Sola lettura member sees the application read-only with the reason, a
 * member who may not hand over sees on the submit step who may. A platform administrator reads, as before.
 */
function MemberWizard<Values extends Record<string, unknown>>(props: FundApplicationWizardProps<Values> & { call: Call }) {
  const standing = useMemberStanding(props.api, props.organizationId, props.wizard.definition.fund);
  if (!standing) return <Spinner label={wizardMessages.loading} />;
  return <OpenWizard {...props} standing={standing} />;
}

function OpenWizard<Values extends Record<string, unknown>>({
  api,
  transfers,
  wizard,
  organizationId,
  isAdmin,
  startStep,
  listHref,
  call,
  standing,
}: FundApplicationWizardProps<Values> & { call: Call; standing: MemberStanding }) {
  const { definition } = wizard;
  const fund: Fund = definition.fund;
  const { endOfWorksLimit, signatureRequired } = call;
  const compilation = useQuery(applicationQueries.compilation(api, fund, organizationId));
  // A draft never handed over is read-only outside the call's window (issue 44); the server refuses it too.
  const windowNotice = isAdmin ? null : callWindowNotice(call, compilation.data, new Date());
  const memberMayWrite = isAdmin || (standing.mayWrite && windowNotice === null);
  const actor = useApplicationWizard({
    api,
    definition,
    organizationId,
    isAdmin,
    memberMayWrite,
    startStep,
    endOfWorksLimit,
    signatureRequired,
  });
  const lookups = wizard.useLookups(api, actor);
  const onAttachmentsStatus = useCallback((complete: boolean) => actor.send({ type: 'attachments.status', complete }), [actor]);
  useAttachmentsStatus(api, fund, organizationId, onAttachmentsStatus);
  const queryClient = useQueryClient();
  const integrationOpen = compilation.data !== undefined && isIntegrationOpen(compilation.data.statusCode);
  const withIntegration = compilation.data && (integrationOpen || compilation.data.integrationRounds.length > 0);
  // The open round's items: shown beside their fields and slots, the only things the applicant may change.
  const openItems = integrationOpen ? (compilation.data?.integrationRounds.at(-1)?.items ?? []) : [];
  const itemEditable = !isAdmin && standing.mayWrite;
  const applicationId = compilation.data?.id ?? '';
  const onAnswered = useCallback(() => void queryClient.invalidateQueries({ queryKey: applicationQueries.all }), [queryClient]);
  const correctionOf = (kind: 'field' | 'slot', target: string, values?: unknown) => {
    const item = openItems.find((candidate) => candidate.kind === kind && candidate.target === target);
    if (!item) return null;
    const field = kind === 'field' ? definition.fields.find((candidate) => candidate.name === target) : undefined;
    return (
      <Suspense fallback={<Spinner />}>
        <CorrectionItem
          key={`${item.target}-${item.answer ?? 'open'}-${item.answeredAt ?? ''}`}
          api={api}
          applicationId={applicationId}
          item={item}
          field={field}
          values={values}
          options={field?.source ? lookups[field.source] : field?.options}
          editable={itemEditable}
          onAnswered={onAnswered}
        />
      </Suspense>
    );
  };
  const slotIds = new Set(openItems.filter((item) => item.kind === 'slot').map((item) => Number(item.target)));
  return (
    <ApplicationWizardView
      actor={actor}
      fields={definition.fields}
      blockingDateField={definition.blockingDateField}
      lookups={lookups}
      warnings={compilation.data?.warnings ?? []}
      listHref={listHref}
      readOnlyNotice={windowNotice ?? standing.readOnlyNotice}
      handOverNotice={standing.handOverNotice}
      correction={openItems.length > 0 ? (field, values) => correctionOf('field', field.name, values) : undefined}
      signature={(editable) => (
        <Suspense fallback={<Spinner label={wizardMessages.loading} />}>
          <DomandaSignatureSection
            api={api}
            transfers={transfers}
            organizationId={organizationId}
            fund={fund}
            wizard={actor}
            editable={editable}
          />
        </Suspense>
      )}
      attachments={(readOnly, showsMissing) => {
        const main = (
          <AttachmentsStep
            api={api}
            transfers={transfers}
            fund={fund}
            organizationId={organizationId}
            readOnly={readOnly}
            showsMissing={showsMissing}
            {...(slotIds.size > 0 && itemEditable
              ? { corrections: { slotIds, render: (slotId: number) => correctionOf('slot', String(slotId)), onChanged: onAnswered } }
              : {})}
          />
        );
        if (!withIntegration || !compilation.data) return main;
        const integration = (
          <IntegrationSection
            key={`${compilation.data.statusCode}-${compilation.data.integrationRounds.length}`}
            api={api}
            transfers={transfers}
            fund={fund}
            organizationId={organizationId}
            compilation={compilation.data}
            isAdmin={isAdmin}
            standing={standing}
          />
        );
        // While documents are asked for, the request comes first: it is what the applicant came for.
        const asked = !isAdmin && integrationOpen;
        return (
          <>
            {asked ? integration : main}
            {asked ? main : integration}
          </>
        );
      }}
    />
  );
}
