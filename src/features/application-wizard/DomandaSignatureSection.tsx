import { useSelector } from '@xstate/react';
import { useCallback, useId } from 'react';
import { FileTrigger } from 'react-aria-components';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { domandaSignatureMessages } from '../../../domain/messages/domandaSignature.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { selectSavedAt } from '../../../machines/application-wizard/selectors.ts';
import type { AttachmentTransfers } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import type { ApplicationWizardActor } from './useApplicationWizard.ts';
import { useDomandaSignature } from './useDomandaSignature.ts';
import { SignatureFacts } from './SignatureFacts.tsx';
import * as styles from './DomandaSignatureSection.css.ts';

const m = domandaSignatureMessages;

/** The signed file's types the picker offers: the CAdES envelope and a PAdES-signed PDF (the server checks the content). */
const SIGNED_FILE_TYPES = ['.p7m', 'application/pkcs7-mime', '.pdf', 'application/pdf'];

/**
 * The submit step's "Firma digitale della domanda" (issue 43), shown when the call requires it: the Domanda to
 * download with its SHA-256, the slot "Domanda firmata digitalmente" with what the verification found or why it
 * refused the file, and, in the trial set-up only, the trial authority's signature. It renders the machine's view.
 */
export function DomandaSignatureSection({
  api,
  transfers,
  organizationId,
  fund,
  wizard,
  editable,
}: {
  api: ApiClient;
  transfers: AttachmentTransfers;
  organizationId: string;
  fund: Fund;
  /** The wizard it tells whether the hand-over may go ahead, and whose saves make the Domanda again. */
  wizard: ApplicationWizardActor;
  /** False for a member who may not write: the facts only. */
  editable: boolean;
}) {
  const titleId = useId();
  const slotId = useId();
  const savedAt = useSelector(wizard, selectSavedAt);
  const onSatisfied = useCallback((satisfied: boolean) => wizard.send({ type: 'signature.status', satisfied }), [wizard]);
  const controls = useDomandaSignature({ api, transfers, organizationId, fund, savedAt, onSatisfied });
  const { view } = controls;
  if (view.isLoading) return <Spinner label={m.generating} />;
  if (view.loadError !== null) {
    return (
      <Alert tone="error">
        {view.loadError} <Button onPress={controls.retry}>{m.retry}</Button>
      </Alert>
    );
  }
  if (!view.signatureRequired) return null;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h3 id={titleId}>{m.sectionTitle}</h3>
      <p>{m.intro}</p>
      {view.notReadyReason ? <Alert tone="info">{view.notReadyReason}</Alert> : null}
      {view.domanda ? (
        <div className={styles.download}>
          <Button variant="secondary" onPress={controls.download} isDisabled={!view.canDownload}>
            {m.download}
          </Button>
          <p className={styles.hash}>{m.domandaHash(view.domanda.sha256)}</p>
        </div>
      ) : null}
      {view.domanda ? <p>{m.whoSigns(view.domanda.signers, view.domanda.allMustSign)}</p> : null}
      {view.downloadError ? <Alert tone="error">{view.downloadError}</Alert> : null}
      {view.downloaded && !view.signature ? <p>{m.downloadedHint}</p> : null}

      <div className={styles.slot} role="group" aria-labelledby={slotId}>
        <h4 id={slotId} className={styles.slotTitle}>
          {m.slotTitle}
        </h4>
        {view.signature ? <SignatureFacts signature={view.signature} /> : <p>{m.notSigned}</p>}
        {view.signature?.stale ? <Alert tone="warning">{m.staleHint}</Alert> : null}
        {view.isVerifying ? <Spinner label={m.verifying} /> : null}
        {view.isTrialSigning ? <Spinner label={m.trialSigning} /> : null}
        {view.refusal ? <Alert tone="error">{view.refusal}</Alert> : null}
        {editable && view.domanda ? (
          <div className={styles.actions}>
            <FileTrigger
              acceptedFileTypes={SIGNED_FILE_TYPES}
              onSelect={(files) => {
                const file = files?.[0];
                if (file) controls.upload(file);
              }}
            >
              <Button isDisabled={!view.canUpload}>{view.signature ? m.replaceFile : m.chooseFile}</Button>
            </FileTrigger>
            <span className={styles.hint}>{m.slotHint}</span>
          </div>
        ) : null}
      </div>

      {editable && view.canTrialSign ? (
        <div className={styles.trial}>
          <p>{m.trialSignHint}</p>
          <Button variant="secondary" onPress={controls.trialSign}>
            {m.trialSign}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
