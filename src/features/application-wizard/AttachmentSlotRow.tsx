import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { DropZone, FileTrigger, Button as AriaButton } from 'react-aria-components';
import type { AttachmentSlot } from '../../../domain/attachments.ts';
import { attachmentsMessages } from '../../../domain/messages/attachments.ts';
import { wizardMessages } from '../../../domain/messages/wizard.ts';
import { acceptAttribute } from '../../../machines/attachment-slot/acceptedFiles.ts';
import { createAttachmentSlotActors, type AttachmentSlotApi } from '../../../machines/attachment-slot/actors.ts';
import { attachmentSlotMachine } from '../../../machines/attachment-slot/attachmentSlot.machine.ts';
import { selectAttachmentSlotView } from '../../../machines/attachment-slot/selectors.ts';
import type { AttachmentSlotData } from '../../../machines/attachment-slot/types.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { dialogActions } from '../../ui/Dialog.css.ts';
import { button } from '../../ui/Button.css.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import * as styles from './AttachmentSlotRow.css.ts';
import { inspect } from '../../devtools/inspect.ts';

const text = wizardMessages.attachments;

/** What the file picker offers for each format (the server checks the content). */
const ACCEPTS_OF_FORMAT: Record<AttachmentSlot['attachedType'], AttachmentSlotData['accepts']> = {
  PDF: ['pdf'],
  Excel: ['excel'],
  Documento: ['pdf', 'image', 'word', 'excel', 'powerpoint'],
};

/** The slot as the machine knows it: what it accepts by format, whether mandatory, the file in it. */
export function slotData(slot: AttachmentSlot): AttachmentSlotData {
  return {
    mandatory: slot.mandatoryInput,
    accepts: ACCEPTS_OF_FORMAT[slot.attachedType],
    uploaded: slot.downloadId && slot.fileName ? { downloadId: slot.downloadId, fileName: slot.fileName, isPdfA: slot.isPdfA } : null,
  };
}

export interface AttachmentSlotRowProps {
  slot: AttachmentSlot;
  /** False for an admin or a submitted application: download only. */
  enabled: boolean;
  /** The person tried to go on or to submit: a mandatory slot without a file says so. */
  showsMissing: boolean;
  /** A slot an integration request asks to correct: "Sostituisci il file" instead of Rimuovi. */
  keepsFile?: boolean;
  maxBytes: number;
  /** The calls of this slot (upload with its type, organisation and fund). */
  api: AttachmentSlotApi;
  /** A file was stored or removed: the list and the validation are fetched again. */
  onChanged(): void;
}

/**
 * One row of the Allegati list (spec §2 Attachment slot widget): its name (asterisk when mandatory) and
 * format; 'NON CARICATO' or a drop zone when empty; 'CARICATO' with Scarica and Rimuovi when it holds a file;
 * the upload's progress bar, the spinner while removing, and what went wrong.
 */
export function AttachmentSlotRow({ slot, enabled, showsMissing, keepsFile = false, maxBytes, api, onChanged }: AttachmentSlotRowProps) {
  const actor = useActorRef(
    attachmentSlotMachine.provide({ actors: createAttachmentSlotActors(api), actions: { notifyChanged: onChanged } }),
    {
      inspect,
      input: { slot: slotData(slot), enabled, maxBytes, showsMissing, keepsFile },
    },
  );
  useEffect(() => {
    actor.send({ type: 'slot.updated', slot: slotData(slot), enabled, showsMissing });
  }, [actor, slot, enabled, showsMissing]);

  const {
    label,
    uploaded,
    showsDropZone,
    percent,
    spinner,
    error,
    mandatoryError,
    pdfANotice,
    canRemove,
    canReplace,
    confirmsRemoval,
    canDownload,
    canRetry,
    canCancel,
    chooseLabel,
  } = useSelector(actor, selectAttachmentSlotView, shallowEqual);
  const accepts = slotData(slot).accepts;
  const choose = (files: FileList | File[] | null) => {
    const file = files?.[0];
    if (file) actor.send({ type: 'file.choose', file });
  };

  const nameId = `slot-${slot.id}-${slot.downloadId ?? 'new'}`;
  return (
    <li className={styles.row} aria-labelledby={nameId}>
      <div className={styles.header}>
        <span id={nameId} className={styles.name}>
          {slot.attachedTypeName}
          {slot.mandatoryInput ? <span aria-hidden="true"> *</span> : null}
          {slot.mandatoryInput ? <span className={styles.hidden}>{attachmentsMessages.mandatoryMark}</span> : null}
        </span>
        <span className={styles.format}>{attachmentsMessages.formatLabel[slot.attachedType]}</span>
        {slot.templateUrl ? (
          // Named as the form it is ('Scarica modulo: Dichiarazione DNSH - PUI'), and saved under that name.
          <a className={styles.template} href={slot.templateUrl} download={slot.templateName ? `${slot.templateName}.pdf` : true}>
            {text.template}
            {slot.templateName ? `: ${slot.templateName}` : <span className={styles.hidden}>: {slot.attachedTypeName}</span>}
          </a>
        ) : null}
      </div>

      {percent !== null ? (
        <div className={styles.progressRow}>
          {/* A plain progressbar: react-aria's ProgressBar formats its value with Intl's number formatter, which the
              Button every page loads would then carry into the first load of every page. */}
          <div
            role="progressbar"
            className={styles.progress}
            aria-label={`${text.uploading} ${slot.attachedTypeName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
            aria-valuetext={text.progress(Math.round(percent))}
          >
            <div className={styles.track}>
              <div className={styles.fill} style={{ width: `${percent}%` }} />
            </div>
            <span>{text.progress(Math.round(percent))}</span>
          </div>
          {canCancel ? (
            <Button variant="secondary" onPress={() => actor.send({ type: 'upload.cancel' })}>
              {text.cancelUpload}
            </Button>
          ) : null}
        </div>
      ) : showsDropZone ? (
        <DropZone
          className={styles.dropZone}
          aria-label={`${text.dropZone}: ${slot.attachedTypeName}`}
          onDrop={async (event) => {
            const item = event.items.find((entry) => entry.kind === 'file');
            if (item && item.kind === 'file') choose([await item.getFile()]);
          }}
        >
          <span>{text.dropZone}</span>
          <FileTrigger acceptedFileTypes={acceptAttribute(accepts).split(',')} onSelect={choose}>
            <AriaButton className={button({ variant: 'secondary' })} aria-label={`${chooseLabel}: ${slot.attachedTypeName}`}>
              {chooseLabel}
            </AriaButton>
          </FileTrigger>
        </DropZone>
      ) : (
        <div className={styles.stored}>
          <span className={uploaded ? styles.badgeUploaded : styles.badgeEmpty}>{label}</span>
          {uploaded ? <span className={styles.fileName}>{uploaded.fileName}</span> : null}
          {spinner ? <Spinner label={text.removing} /> : null}
          {canDownload ? (
            <Button
              variant="secondary"
              onPress={() => actor.send({ type: 'file.download' })}
              aria-label={`${text.download} ${uploaded?.fileName ?? ''}`}
            >
              {text.download}
            </Button>
          ) : null}
          {canReplace ? (
            <FileTrigger acceptedFileTypes={acceptAttribute(accepts).split(',')} onSelect={choose}>
              <AriaButton className={button({ variant: 'secondary' })} aria-label={`${chooseLabel}: ${slot.attachedTypeName}`}>
                {chooseLabel}
              </AriaButton>
            </FileTrigger>
          ) : null}
          {canRemove ? (
            <Button
              variant="secondary"
              onPress={() => actor.send({ type: 'file.remove' })}
              aria-label={`${text.remove} ${uploaded?.fileName ?? ''}`}
            >
              {text.remove}
            </Button>
          ) : null}
        </div>
      )}

      <Dialog
        title={text.removeTitle}
        role="alertdialog"
        isOpen={confirmsRemoval}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'removal.cancel' });
        }}
      >
        {(close) => (
          <>
            <p>{text.removeConfirm(uploaded?.fileName ?? '', slot.attachedTypeName)}</p>
            <div className={dialogActions}>
              <Button variant="secondary" onPress={close}>
                {text.cancelRemove}
              </Button>
              <Button variant="danger" onPress={() => actor.send({ type: 'removal.confirm' })}>
                {text.remove}
              </Button>
            </div>
          </>
        )}
      </Dialog>
      {pdfANotice ? <p className={styles.notice}>{pdfANotice}</p> : null}
      {error ? (
        <div className={styles.error} role="alert">
          <span>{error}</span>
          {canRetry ? (
            <Button variant="secondary" onPress={() => actor.send({ type: 'error.retry' })}>
              {text.retry}
            </Button>
          ) : null}
          <Button variant="secondary" onPress={() => actor.send({ type: 'error.dismiss' })}>
            {text.dismiss}
          </Button>
        </div>
      ) : null}
      {enabled && mandatoryError && !error && percent === null ? <p className={styles.mandatory}>{mandatoryError}</p> : null}
    </li>
  );
}
