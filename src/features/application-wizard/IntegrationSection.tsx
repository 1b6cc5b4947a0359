import { useQueryClient } from '@tanstack/react-query';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useId } from 'react';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { formatItalianDate, italianDate } from '../../../domain/italianDates.ts';
import type { IntegrationRound } from '../../../domain/integration.ts';
import { attachmentsMessages } from '../../../domain/messages/attachments.ts';
import { integrationMessages } from '../../../domain/messages/integration.ts';
import { receiptsMessages } from '../../../domain/messages/receipts.ts';
import { isIntegrationOpen, statusLabelAfter } from '../../../machines/application-lifecycle/selectors.ts';
import { createIntegrationActors } from '../../../machines/integration/actors.ts';
import { integrationMachine } from '../../../machines/integration/integration.machine.ts';
import { selectIntegrationView } from '../../../machines/integration/selectors.ts';
import { applicationQueries, type Compilation, updateCompilationStatus } from '../../api/applications.ts';
import { attachmentQueries, type AttachmentTransfers } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { issuedReceipt, keepIssuedReceipt } from '../../api/receipts.ts';
import { saveBlob } from '../../api/saveBlob.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { notify } from '../../ui/toastQueue.ts';
import { AttachmentsStep } from './AttachmentsStep.tsx';
import * as styles from './IntegrationSection.css.ts';
import { inspect } from '../../devtools/inspect.ts';
import type { MemberStanding } from '../member-standing/memberStanding.ts';

const m = integrationMessages;

/** Issue 44: a round's items (what each field or slot was asked, and its answer), downloaded only for a round with some. */
const RoundItems = lazy(() => import('./CorrectionItem.tsx').then((module) => ({ default: module.RoundItems })));

export interface IntegrationSectionProps {
  api: ApiClient;
  transfers: AttachmentTransfers;
  fund: Fund;
  organizationId: string;
  compilation: Compilation;
  isAdmin: boolean;
  /** The member's standing (issue 42): Sola lettura sees the request read-only; who may not hand over is told who may. */
  standing: MemberStanding;
}

/**
 * Spec §2 "Allegati Integrazione" with "Completa integrazione" (§4 Integration): the reviewers' request, its
 * deadline and the integration slots while In integrazione; every earlier request with its documents. The
 * integration machine decides what may be done; this renders it.
 */
export function IntegrationSection({ api, transfers, fund, organizationId, compilation, isAdmin, standing }: IntegrationSectionProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const open = !isAdmin && isIntegrationOpen(compilation.statusCode);
  const actor = useActorRef(
    integrationMachine.provide({
      actors: createIntegrationActors({
        completeIntegration: async () => {
          const changed = await updateCompilationStatus(api, {
            fund,
            applicationId: compilation.id,
            status: statusLabelAfter['applicant.integration.complete'],
            note: '',
          });
          // The receipt it issued (its protocol number), for the toast.
          keepIssuedReceipt(queryClient, api, changed.receipts, 'integration');
        },
      }),
      actions: {
        notifyCompleted: () => {
          const issued = issuedReceipt(queryClient, 'integration');
          notify({
            tone: 'success',
            title: receiptsMessages.handedOverTitle.integration,
            description: issued ? `${m.succeeded} ${receiptsMessages.receiptIssued(issued.protocol)}` : m.succeeded,
          });
          void queryClient.invalidateQueries({ queryKey: applicationQueries.all });
          void queryClient.invalidateQueries({ queryKey: attachmentQueries.all });
        },
        notifyFailed: ({ context }) => notify({ tone: 'error', title: m.confirmTitle, description: context.error ?? m.failed }),
      },
    }),
    { inspect, input: { readOnly: !open || !standing.mayWrite } },
  );
  const { canEdit, showsComplete, canComplete, isConfirming, isCompleting, error } = useSelector(
    actor,
    selectIntegrationView,
    shallowEqual,
  );
  const onFilesCounted = useCallback((count: number) => actor.send({ type: 'documents.changed', count }), [actor]);

  const rounds = compilation.integrationRounds;
  const current = open ? rounds.at(-1) : undefined;
  const earlier = current ? rounds.slice(0, -1) : rounds;
  // The machine hears which items are still unanswered each time the application is read again.
  const itemsKey = JSON.stringify(current?.items.map((item) => [item.label, item.answer]) ?? []);
  useEffect(() => {
    const items = current?.items ?? [];
    actor.send({
      type: 'items.changed',
      total: items.length,
      unanswered: items.filter((item) => item.answer === null).map((item) => item.label),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- itemsKey is what matters of `current`
  }, [actor, itemsKey]);

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h3 id={headingId}>{m.sectionTitle}</h3>
      {current ? (
        <>
          <RoundRequest round={current} />
          {current.items.length > 0 ? (
            <Suspense fallback={<Spinner />}>
              <RoundItems items={current.items} open />
            </Suspense>
          ) : null}
          <p className={styles.hint}>{m.uploadHint}</p>
          <AttachmentsStep
            api={api}
            transfers={transfers}
            fund={fund}
            organizationId={organizationId}
            readOnly={!canEdit}
            purpose="integration"
            onFilesCounted={onFilesCounted}
          />
          {error && !isConfirming ? (
            <Alert tone="error">
              <span role="status">{error}</span>
            </Alert>
          ) : null}
          {standing.readOnlyNotice ? <Alert tone="info">{standing.readOnlyNotice}</Alert> : null}
          {showsComplete && standing.handOverNotice ? <Alert tone="info">{standing.handOverNotice}</Alert> : null}
          {showsComplete && !standing.handOverNotice ? (
            <div className={styles.actions}>
              <Button onPress={() => actor.send({ type: 'complete.open' })} isDisabled={!canComplete}>
                {m.complete}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      {[...earlier].reverse().map((round) => (
        <PastRound key={round.number} round={round} transfers={transfers} />
      ))}
      <Dialog
        role="alertdialog"
        title={m.confirmTitle}
        isOpen={isConfirming}
        onOpenChange={(isOpen) => {
          if (!isOpen && !isCompleting) actor.send({ type: 'complete.cancel' });
        }}
      >
        <p>{m.confirm}</p>
        {isCompleting ? <Spinner label={m.completing} /> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => actor.send({ type: 'complete.cancel' })} isDisabled={isCompleting}>
            {m.cancel}
          </Button>
          <Button onPress={() => actor.send({ type: 'complete.confirm' })} isDisabled={isCompleting}>
            {m.confirmAction}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

/** The reviewers' request as a clearly visible message, with when it was made and by when it is due. */
function RoundRequest({ round }: { round: IntegrationRound }) {
  return (
    <Alert tone="warning" title={m.round(round.number)}>
      {round.request ? <p className={styles.request}>{round.request}</p> : null}
      <p className={styles.meta}>
        {m.requestedOn(italianDate(round.requestedAt))}
        {round.deadline ? (
          <>
            {' · '}
            <strong>{m.deadline(formatItalianDate(round.deadline))}</strong>
          </>
        ) : null}
        {round.completedAt ? ` · ${m.completedOn(italianDate(round.completedAt))}` : null}
      </p>
    </Alert>
  );
}

/** A request already answered (or, for admins, any request): the request and its documents to download. */
function PastRound({ round, transfers }: { round: IntegrationRound; transfers: AttachmentTransfers }) {
  const download = async (downloadId: string) => {
    const file = await transfers.downloadFile(downloadId);
    saveBlob(file.blob, file.fileName);
  };
  return (
    <div className={styles.round}>
      <RoundRequest round={round} />
      {round.items.length > 0 ? (
        <Suspense fallback={<Spinner />}>
          <RoundItems items={round.items} />
        </Suspense>
      ) : null}
      <h4>{m.documentsTitle}</h4>
      {round.documents.length === 0 ? (
        <p>{m.noDocuments}</p>
      ) : (
        <ul className={styles.documents}>
          {round.documents.map((document) => (
            <li key={document.downloadId}>
              <span>{document.fileName}</span>{' '}
              <Button
                variant="secondary"
                onPress={() => void download(document.downloadId)}
                aria-label={`${attachmentsMessages.download} ${document.fileName}`}
              >
                {attachmentsMessages.download}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
