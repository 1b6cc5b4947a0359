import type { SnapshotFrom } from 'xstate';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import type { attachmentSlotMachine } from './attachmentSlot.machine.ts';
import type { UploadedAttachment } from './types.ts';

export type AttachmentSlotSnapshot = SnapshotFrom<typeof attachmentSlotMachine>;

const text = wizardMessages.attachments;

export const selectUploaded = (snapshot: AttachmentSlotSnapshot): UploadedAttachment | null => snapshot.context.slot.uploaded;

/** 'CARICATO' when the slot holds a file (also while it is being removed), 'NON CARICATO' otherwise. */
export const selectLabel = (snapshot: AttachmentSlotSnapshot): string =>
  selectUploaded(snapshot) === null ? text.notUploaded : text.uploaded;

/** The drop zone replaces 'NON CARICATO' when the slot is enabled (spec §2). */
export const selectShowsDropZone = (snapshot: AttachmentSlotSnapshot): boolean =>
  snapshot.context.enabled && snapshot.matches('notUploaded');

/** Whole percent of the upload under way; null when nothing is uploading, 0 before the first report. */
export function selectProgressPercent(snapshot: AttachmentSlotSnapshot): number | null {
  if (!snapshot.matches('uploading')) return null;
  const progress = snapshot.context.progress;
  if (progress === null || progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

/** Upload, removal or download under way. */
export const selectIsBusy = (snapshot: AttachmentSlotSnapshot): boolean =>
  snapshot.matches('uploading') || snapshot.matches('removing') || snapshot.matches('downloading');

/** The spinner of spec §2: during upload or removal. */
export const selectShowsSpinner = (snapshot: AttachmentSlotSnapshot): boolean =>
  snapshot.matches('uploading') || snapshot.matches('removing');

/** A refused file's or a failure's Italian message. */
export const selectErrorMessage = (snapshot: AttachmentSlotSnapshot): string | null =>
  snapshot.matches({ notUploaded: 'rejected' }) || snapshot.matches({ uploaded: 'rejected' }) || snapshot.matches('failed')
    ? snapshot.context.error
    : null;

/**
 * "L'allegato è obbligatorio" under a mandatory slot that holds no file and is not receiving one, once the
 * person tried to go on or to submit (never before they had the chance to add it).
 */
export const selectMandatoryError = (snapshot: AttachmentSlotSnapshot): string | null =>
  snapshot.context.showsMissing && snapshot.context.slot.mandatory && selectUploaded(snapshot) === null && !snapshot.matches('uploading')
    ? text.mandatory
    : null;

/** Shown beside a stored PDF that is not PDF/A (accepted all the same). */
export const selectPdfANotice = (snapshot: AttachmentSlotSnapshot): string | null =>
  selectUploaded(snapshot)?.isPdfA === false ? text.notPdfA : null;

export const selectCanRemove = (snapshot: AttachmentSlotSnapshot): boolean => snapshot.can({ type: 'file.remove' });
/** A slot under a correction holding a file: "Sostituisci il file" takes another one in its place. */
export const selectCanReplace = (snapshot: AttachmentSlotSnapshot): boolean =>
  snapshot.matches('uploaded') && snapshot.context.enabled && snapshot.context.keepsFile;
/** The removal's confirmation is open. */
export const selectConfirmsRemoval = (snapshot: AttachmentSlotSnapshot): boolean => snapshot.matches('confirmingRemoval');
export const selectCanDownload = (snapshot: AttachmentSlotSnapshot): boolean => snapshot.can({ type: 'file.download' });
/**
 * The picker's label: after a refused file it offers another one ("Scegli un altro file"), not the same again; a
 * stored file under a correction is replaced ("Sostituisci il file").
 */
export function selectChooseFileLabel(snapshot: AttachmentSlotSnapshot): string {
  if (snapshot.matches({ notUploaded: 'rejected' }) || snapshot.matches({ uploaded: 'rejected' })) return text.chooseAnotherFile;
  return selectCanReplace(snapshot) ? text.replaceFile : text.chooseFile;
}

export const selectCanRetry = (snapshot: AttachmentSlotSnapshot): boolean => snapshot.can({ type: 'error.retry' });
export const selectCanCancelUpload = (snapshot: AttachmentSlotSnapshot): boolean => snapshot.can({ type: 'upload.cancel' });

/** Everything an attachment slot's row renders, in one selection (compare with `shallowEqual`). */
export function selectAttachmentSlotView(snapshot: AttachmentSlotSnapshot) {
  return {
    label: selectLabel(snapshot),
    uploaded: selectUploaded(snapshot),
    showsDropZone: selectShowsDropZone(snapshot),
    percent: selectProgressPercent(snapshot),
    spinner: selectShowsSpinner(snapshot),
    error: selectErrorMessage(snapshot),
    mandatoryError: selectMandatoryError(snapshot),
    pdfANotice: selectPdfANotice(snapshot),
    canRemove: selectCanRemove(snapshot),
    canReplace: selectCanReplace(snapshot),
    confirmsRemoval: selectConfirmsRemoval(snapshot),
    canDownload: selectCanDownload(snapshot),
    canRetry: selectCanRetry(snapshot),
    canCancel: selectCanCancelUpload(snapshot),
    chooseLabel: selectChooseFileLabel(snapshot),
  };
}
