import { and, assertEvent, assign, not, setup, type EventObject } from 'xstate';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import { hostAction, hostCallback, hostPromise } from '../host.ts';
import { acceptedKindsLabel, DEFAULT_MAX_UPLOAD_BYTES, isAcceptedFile, megabytes } from './acceptedFiles.ts';
import type {
  AttachmentSlotContext,
  AttachmentSlotEvent,
  AttachmentSlotInput,
  ChosenFile,
  DownloadFileInput,
  RemoveFileInput,
  UploadedAttachment,
  UploadFileInput,
} from './types.ts';

const text = wizardMessages.attachments;

/**
 * One slot of the Allegati list (spec §2 Attachment slot widget): NON CARICATO (a drop zone when enabled) or
 * CARICATO with Scarica and, when enabled, Rimuovi; a progress bar while uploading, a spinner while
 * removing; the list is refreshed after each change.
 */
export const attachmentSlotMachine = setup({
  types: {
    context: {} as AttachmentSlotContext,
    events: {} as AttachmentSlotEvent,
    input: {} as AttachmentSlotInput,
  },
  actors: {
    uploadFile: hostCallback<EventObject, UploadFileInput>('attachment-slot', 'uploadFile'),
    removeFile: hostPromise<void, RemoveFileInput>('attachment-slot', 'removeFile'),
    downloadFile: hostPromise<void, DownloadFileInput>('attachment-slot', 'downloadFile'),
  },
  guards: {
    isEnabled: ({ context }) => context.enabled,
    keepsFile: ({ context }) => context.keepsFile,
    hasUploadedFile: ({ context }) => context.slot.uploaded !== null,
    hasFileToUpload: ({ context }) => context.file !== null,
    // The chosen file, from its name and browser type hints only: the server checks the content.
    accepts: ({ context, event }) => {
      assertEvent(event, 'file.choose');
      return isAcceptedFile(event.file, context.slot.accepts);
    },
    isEmptyFile: ({ event }) => {
      assertEvent(event, 'file.choose');
      return event.file.size === 0;
    },
    isTooLarge: ({ context, event }) => {
      assertEvent(event, 'file.choose');
      return event.file.size > context.maxBytes;
    },
    // No answer or a server failure: the same file may go through if sent again.
    isRetryableFailure: ({ event }) => {
      assertEvent(event, 'upload.failed');
      return event.retryable;
    },
    // Named compositions, so the visualiser shows what each transition waits for.
    refusesType: and(['isEnabled', not('accepts')]),
    refusesEmptyFile: and(['isEnabled', 'isEmptyFile']),
    refusesTooLarge: and(['isEnabled', 'isTooLarge']),
    // A slot under a correction: its file is replaced by choosing another, never removed.
    mayRemove: and(['isEnabled', not('keepsFile')]),
    mayReplace: and(['isEnabled', 'keepsFile']),
    replacementRefusesType: and(['mayReplace', not('accepts')]),
    replacementIsEmpty: and(['mayReplace', 'isEmptyFile']),
    replacementIsTooLarge: and(['mayReplace', 'isTooLarge']),
    canRetryUpload: and(['isEnabled', 'hasFileToUpload']),
    canRetryRemoval: and(['isEnabled', 'hasUploadedFile']),
  },
  actions: {
    storeSlot: assign(({ context, event }) => {
      assertEvent(event, 'slot.updated');
      return { slot: event.slot, enabled: event.enabled ?? context.enabled, showsMissing: event.showsMissing ?? context.showsMissing };
    }),
    storeFile: assign((_, params: { file: ChosenFile }) => ({ file: params.file, progress: null, error: null })),
    refuseType: assign(({ context }) => ({ error: text.wrongType(acceptedKindsLabel(context.slot.accepts)), file: null })),
    refuseEmpty: assign({ error: text.empty, file: null }),
    refuseTooLarge: assign(({ context }) => ({ error: text.tooLarge(megabytes(context.maxBytes)), file: null })),
    storeProgress: assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { progress: { loaded: event.loaded, total: event.total } };
    }),
    storeUploaded: assign(({ context }, params: { uploaded: UploadedAttachment }) => ({
      slot: { ...context.slot, uploaded: params.uploaded },
      file: null,
      progress: null,
      error: null,
    })),
    storeUploadFailure: assign(({ event }) => {
      assertEvent(event, 'upload.failed');
      return { error: event.message ?? text.uploadFailed, progress: null };
    }),
    // The server refused the file itself: it is forgotten, as one refused before sending.
    refuseUploaded: assign(({ event }) => {
      assertEvent(event, 'upload.failed');
      return { error: event.message ?? text.refused, file: null, progress: null };
    }),
    storeRemoved: assign(({ context }) => ({ slot: { ...context.slot, uploaded: null }, error: null })),
    storeRemoveFailure: assign({ error: text.removeFailed }),
    storeDownloadFailure: assign({ error: text.downloadFailed }),
    forgetFile: assign({ file: null, progress: null, error: null }),
    clearError: assign({ error: null }),
    // Host: the view refetches the attachments list (and the FileUploadValidation answer).
    notifyChanged: hostAction(),
  },
}).createMachine({
  id: 'attachmentSlot',
  description:
    'Spec §2 Attachment slot widget: upload with progress, download (Scarica), removal (Rimuovi) when enabled; ' +
    'the list refreshes after each change and answers with slot.updated.',
  context: ({ input }) => ({
    slot: input.slot,
    enabled: input.enabled,
    maxBytes: input.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    showsMissing: input.showsMissing ?? false,
    keepsFile: input.keepsFile ?? false,
    file: null,
    progress: null,
    error: null,
  }),
  initial: 'settling',
  states: {
    settling: {
      description: 'Shows the slot as the list says it is.',
      always: [{ guard: 'hasUploadedFile', target: 'uploaded' }, { target: 'notUploaded' }],
    },
    notUploaded: {
      description:
        'NON CARICATO, or a drop zone when enabled. A mandatory slot says "L\u2019allegato è obbligatorio" once ' +
        'the person tried to go on or to submit.',
      initial: 'waiting',
      on: {
        'file.choose': [
          {
            guard: 'refusesType',
            target: '.rejected',
            actions: 'refuseType',
          },
          {
            guard: 'refusesEmptyFile',
            target: '.rejected',
            actions: 'refuseEmpty',
          },
          {
            guard: 'refusesTooLarge',
            target: '.rejected',
            actions: 'refuseTooLarge',
          },
          {
            guard: 'isEnabled',
            target: 'uploading',
            actions: { type: 'storeFile', params: ({ event }) => ({ file: event.file }) },
          },
        ],
        'slot.updated': { target: 'settling', actions: ['storeSlot', 'clearError'] },
      },
      states: {
        waiting: { description: 'Waiting for a file.' },
        rejected: {
          description:
            'The chosen file was refused, here (type, empty, too large) or by the server (its content): the message ' +
            'says why and the drop zone offers "Scegli un altro file". Sending the same file again would be refused again.',
          on: { 'error.dismiss': { target: 'waiting', actions: 'clearError' } },
        },
      },
    },
    uploading: {
      description: 'The file is on its way: a progress bar; it can be cancelled.',
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.file! }),
      },
      on: {
        'upload.progress': { actions: 'storeProgress' },
        'upload.done': {
          target: 'uploaded',
          actions: [{ type: 'storeUploaded', params: ({ event }) => ({ uploaded: event.uploaded }) }, 'notifyChanged'],
        },
        'upload.failed': [
          { guard: 'isRetryableFailure', target: 'failed.upload', actions: 'storeUploadFailure' },
          // A replacement the server refused: the file it was to replace is still there.
          { guard: 'hasUploadedFile', target: 'uploaded.rejected', actions: 'refuseUploaded' },
          { target: 'notUploaded.rejected', actions: 'refuseUploaded' },
        ],
        // Back to what the slot holds: nothing, or the file a replacement would have replaced.
        'upload.cancel': { target: 'settling', actions: 'forgetFile' },
        // A refresh caused by another slot: remembered, this upload goes on.
        'slot.updated': { actions: 'storeSlot' },
      },
    },
    uploaded: {
      description:
        'CARICATO with Scarica and, when enabled, Rimuovi; a slot an integration request asks to correct offers ' +
        '"Sostituisci il file" instead of Rimuovi (its file is replaced, never removed).',
      initial: 'idle',
      on: {
        'file.download': { target: 'downloading' },
        'file.remove': { guard: 'mayRemove', target: 'confirmingRemoval' },
        'file.choose': [
          { guard: 'replacementRefusesType', target: '.rejected', actions: 'refuseType' },
          { guard: 'replacementIsEmpty', target: '.rejected', actions: 'refuseEmpty' },
          { guard: 'replacementIsTooLarge', target: '.rejected', actions: 'refuseTooLarge' },
          { guard: 'mayReplace', target: 'uploading', actions: { type: 'storeFile', params: ({ event }) => ({ file: event.file }) } },
        ],
        'slot.updated': { target: 'settling', actions: ['storeSlot', 'clearError'] },
      },
      states: {
        idle: { description: 'The stored file is shown.' },
        rejected: {
          description: 'The replacement chosen was refused (type, empty, too large, or by the server): the stored file stays.',
          on: { 'error.dismiss': { target: 'idle', actions: 'clearError' } },
        },
      },
    },
    confirmingRemoval: {
      description: 'Rimuovi was pressed: a dialog asks to confirm, naming the file; Annulla keeps it.',
      on: {
        'removal.confirm': { target: 'removing' },
        'removal.cancel': { target: 'uploaded' },
        // The list changed meanwhile (another tab removed or replaced the file): shown as it now is.
        'slot.updated': { target: 'settling', actions: 'storeSlot' },
      },
    },
    removing: {
      description: 'Rimuovi was pressed: a spinner until the server answers.',
      invoke: {
        id: 'removeFile',
        src: 'removeFile',
        input: ({ context }) => ({ downloadId: context.slot.uploaded!.downloadId }),
        onDone: { target: 'notUploaded', actions: ['storeRemoved', 'notifyChanged'] },
        onError: { target: 'failed.remove', actions: 'storeRemoveFailure' },
      },
      on: { 'slot.updated': { actions: 'storeSlot' } },
    },
    downloading: {
      description: 'Scarica was pressed: the file is being fetched for the browser to save.',
      invoke: {
        id: 'downloadFile',
        src: 'downloadFile',
        input: ({ context }) => ({ downloadId: context.slot.uploaded!.downloadId, fileName: context.slot.uploaded!.fileName }),
        onDone: { target: 'settling' },
        onError: { target: 'failed.download', actions: 'storeDownloadFailure' },
      },
      on: { 'slot.updated': { actions: 'storeSlot' } },
    },
    failed: {
      description: 'An upload the network or the server dropped, a removal or a download failed: the message, Riprova and Chiudi.',
      initial: 'upload',
      on: {
        'error.dismiss': { target: 'settling', actions: 'forgetFile' },
        'slot.updated': { target: 'settling', actions: ['storeSlot', 'forgetFile'] },
      },
      states: {
        upload: {
          description: 'No answer or a server failure: Riprova sends the same file again.',
          on: { 'error.retry': { guard: 'canRetryUpload', target: '#attachmentSlot.uploading', actions: 'clearError' } },
        },
        remove: {
          description: 'Riprova asks again to remove the file.',
          on: { 'error.retry': { guard: 'canRetryRemoval', target: '#attachmentSlot.removing', actions: 'clearError' } },
        },
        download: {
          description: 'Riprova downloads again.',
          on: { 'error.retry': { guard: 'hasUploadedFile', target: '#attachmentSlot.downloading', actions: 'clearError' } },
        },
      },
    },
  },
});
