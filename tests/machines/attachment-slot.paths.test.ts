import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject, type InspectionEvent } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { applyStep, controlledActors, settled } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, transitionKey } from '../support/machineGraph.ts';
import { acceptAttribute, acceptedKindsLabel, isAcceptedFile } from '../../machines/attachment-slot/acceptedFiles.ts';
import { createAttachmentSlotActors, isRetryableUploadFailure } from '../../machines/attachment-slot/actors.ts';
import { attachmentSlotMachine } from '../../machines/attachment-slot/attachmentSlot.machine.ts';
import {
  selectCanDownload,
  selectCanRemove,
  selectCanReplace,
  selectCanRetry,
  selectConfirmsRemoval,
  selectChooseFileLabel,
  selectErrorMessage,
  selectIsBusy,
  selectLabel,
  selectMandatoryError,
  selectPdfANotice,
  selectProgressPercent,
  selectShowsDropZone,
  type AttachmentSlotSnapshot,
} from '../../machines/attachment-slot/selectors.ts';
import type {
  AttachmentSlotData,
  AttachmentSlotEvent,
  AttachmentSlotInput,
  DownloadFileInput,
  RemoveFileInput,
  UploadedAttachment,
  UploadFileInput,
} from '../../machines/attachment-slot/types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc: a new event without fixtures fails the type check.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in AttachmentSlotEvent['type']]: readonly Extract<AttachmentSlotEvent, { type: K }>[] };

const MB = 1024 * 1024;
const storedPdf: UploadedAttachment = { downloadId: 'dl-1', fileName: 'relazione.pdf', isPdfA: false };
const storedElsewhere: UploadedAttachment = { downloadId: 'dl-2', fileName: 'relazione-firmata.pdf', isPdfA: true };
const emptySlot: AttachmentSlotData = { mandatory: true, accepts: ['pdf'], uploaded: null };

const eventFixtures = {
  'file.choose': [
    { type: 'file.choose', file: { name: 'relazione.pdf', type: 'application/pdf', size: 2 * MB } },
    { type: 'file.choose', file: { name: 'setup.exe', type: 'application/x-msdownload', size: MB } },
    { type: 'file.choose', file: { name: 'vuoto.pdf', type: 'application/pdf', size: 0 } },
    { type: 'file.choose', file: { name: 'scansione.pdf', type: 'application/pdf', size: 30 * MB } },
  ],
  'file.remove': [{ type: 'file.remove' }],
  'removal.confirm': [{ type: 'removal.confirm' }],
  'removal.cancel': [{ type: 'removal.cancel' }],
  'file.download': [{ type: 'file.download' }],
  'upload.cancel': [{ type: 'upload.cancel' }],
  'slot.updated': [
    // Another member uploaded meanwhile; then the application was submitted (download only).
    { type: 'slot.updated', slot: { ...emptySlot, uploaded: storedElsewhere } },
    { type: 'slot.updated', slot: { ...emptySlot, uploaded: storedElsewhere }, enabled: false },
    { type: 'slot.updated', slot: emptySlot },
    // The person tried to go on or to submit: a missing mandatory file is pointed out from now on.
    { type: 'slot.updated', slot: emptySlot, showsMissing: true },
  ],
  'error.retry': [{ type: 'error.retry' }],
  'error.dismiss': [{ type: 'error.dismiss' }],
  'upload.progress': [{ type: 'upload.progress', loaded: MB, total: 2 * MB }],
  'upload.done': [{ type: 'upload.done', uploaded: storedPdf }],
  'upload.failed': [
    // The server refused the file (415): only another file can do.
    { type: 'upload.failed', message: 'Il contenuto del file non corrisponde a un PDF.', retryable: false },
    // No answer came back: the same file may go through if sent again.
    { type: 'upload.failed', message: null, retryable: true },
  ],
} as const satisfies EventFixtures;

type ActorEvent =
  | { type: 'xstate.done.actor.removeFile'; output: undefined }
  | { type: 'xstate.error.actor.removeFile'; error: Error }
  | { type: 'xstate.done.actor.downloadFile'; output: undefined }
  | { type: 'xstate.error.actor.downloadFile'; error: Error };
type GraphEvent = AttachmentSlotEvent | ActorEvent;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: 'xstate.done.actor.removeFile', output: undefined },
  { type: 'xstate.error.actor.removeFile', error: new Error('offline') },
  { type: 'xstate.done.actor.downloadFile', output: undefined },
  { type: 'xstate.error.actor.downloadFile', error: new Error('offline') },
];

const input: AttachmentSlotInput = { slot: emptySlot, enabled: true };

/**
 * Small stories: the list refreshes only while nothing else is special (a refresh during an operation is
 * walked once from each busy state), the slot is locked only as a last step, and the second failure
 * message is walked only from a first upload. Missing files are pointed out only from an empty slot waiting
 * for one, and after that only choosing a file is walked (the rest of the slot does not depend on it).
 */
function isWalked(snapshot: AttachmentSlotSnapshot, event: GraphEvent): boolean {
  if (!snapshot.can(event as AttachmentSlotEvent)) return false;
  const { context } = snapshot;
  if (!context.enabled) return event.type === 'file.download' || event.type.endsWith('.actor.downloadFile') || event.type === 'error.retry';
  if (context.showsMissing) return event.type === 'file.choose';
  if (event.type === 'slot.updated' && event.showsMissing === true) {
    return snapshot.matches({ notUploaded: 'waiting' }) && context.slot.uploaded === null;
  }
  if (event.type === 'slot.updated') {
    const locks = event.enabled === false;
    const refill = event.slot.uploaded !== null;
    if (snapshot.matches('uploaded')) return locks;
    if (snapshot.matches('notUploaded')) return refill && !locks;
    if (snapshot.matches('failed')) return !refill;
    return refill && !locks;
  }
  if (event.type === 'upload.failed' && event.message === null) return context.slot.uploaded === null && context.progress === null;
  return true;
}

const traversal = { input, events: graphEvents as AttachmentSlotEvent[], filterEvents: isWalked as never };

type SlotPath = StatePath<AttachmentSlotSnapshot, AttachmentSlotEvent>;

const walk = { ...pathsCoveringEveryEdge(attachmentSlotMachine, traversal), input };

/**
 * A slot an integration request asks to correct (issue 44), holding the file submitted: the file can be replaced
 * (choosing another) and downloaded, never removed. Walked apart, with the events that matter to it.
 */
const correctedInput: AttachmentSlotInput = { slot: { ...emptySlot, uploaded: storedPdf }, enabled: true, keepsFile: true };
const correctedWalk = {
  ...pathsCoveringEveryEdge(attachmentSlotMachine, {
    input: correctedInput,
    events: graphEvents as AttachmentSlotEvent[],
    filterEvents: ((snapshot: AttachmentSlotSnapshot, event: GraphEvent) => {
      if (!snapshot.can(event as AttachmentSlotEvent)) return false;
      // The list's refreshes and the downloads are the first walk's; here, the replacement and its refusals.
      if (event.type === 'slot.updated' || event.type === 'file.download') return false;
      if (event.type === 'upload.failed' && event.message === null) return snapshot.context.progress === null;
      return true;
    }) as never,
  }),
  name: 'a slot under a correction',
  input: correctedInput,
};

// ---------------------------------------------------------------------------------------------
// Replay: the upload is a callback actor the test drives by sending its events; removal and download
// are promises the test settles. Every transition taken is recorded for the coverage check.
// ---------------------------------------------------------------------------------------------

const takenTransitions = new Set<string>();

function startReplay(actorInput: AttachmentSlotInput = input) {
  const uploads: UploadFileInput[] = [];
  const removals: RemoveFileInput[] = [];
  const downloads: DownloadFileInput[] = [];
  const changes: number[] = [];
  let uploadsStopped = 0;
  const controls = controlledActors();

  const actor = createActor(
    attachmentSlotMachine.provide({
      actors: {
        uploadFile: fromCallback<EventObject, UploadFileInput>(({ input: request }) => {
          uploads.push(request);
          return () => {
            uploadsStopped += 1;
          };
        }),
        removeFile: controls.promise<void, RemoveFileInput>((request) => removals.push(request)),
        downloadFile: controls.promise<void, DownloadFileInput>((request) => downloads.push(request)),
      },
      actions: { notifyChanged: () => void changes.push(changes.length + 1) },
    }),
    {
      input: actorInput,
      inspect: (inspection: InspectionEvent) => {
        if (inspection.type !== '@xstate.microstep') return;
        for (const transition of inspection._transitions) {
          takenTransitions.add(
            transitionKey(
              transition.source.id,
              transition.eventType,
              (transition.target ?? []).map((node) => node.id),
            ),
          );
        }
      },
    },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }

  return { actor, apply, uploads, removals, downloads, changes, uploadsStopped: () => uploadsStopped };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'file.choose') return `choose(${event.file.name}, ${Math.round(event.file.size / MB)} MB)`;
  if (event.type === 'slot.updated')
    return `slot.updated(${event.slot.uploaded ? 'uploaded' : 'empty'}${event.enabled === false ? ', locked' : ''})`;
  if (event.type === 'upload.failed') return `upload.failed(${event.message === null ? 'no message' : 'message'})`;
  return name;
}

const describePath = (path: SlotPath) =>
  `${JSON.stringify(path.state.value)} via ${
    path.steps
      .slice(1)
      .map((step) => describeEvent(step.event as GraphEvent))
      .join(' → ') || '(start)'
  }`;

describeMachinePaths({
  title: 'attachment-slot machine',
  machine: attachmentSlotMachine,
  walks: [walk, correctedWalk],
  maxPaths: 200,
  name: describePath,
  taken: () => takenTransitions,
  replay: async (path, { input: walkInput }) => {
    const replay = startReplay(walkInput);
    const { actor, apply } = replay;
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const counts = [replay.uploads.length, replay.removals.length, replay.changes.length];
      await apply(step.event as GraphEvent);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);

      // A disabled slot never uploads or removes.
      if (!before.context.enabled) {
        expect([replay.uploads.length, replay.removals.length]).toEqual(counts.slice(0, 2));
      }
      // Only an accepted, non-empty file within the limit is uploaded, and it is the one chosen.
      if (replay.uploads.length > counts[0]!) {
        const file = replay.uploads.at(-1)!.file;
        expect(isAcceptedFile(file, ['pdf'])).toBe(true);
        expect(file.size).toBeGreaterThan(0);
        expect(file.size).toBeLessThanOrEqual(after.context.maxBytes);
      }
      // A slot under a correction never removes its file.
      if (before.context.keepsFile) expect(replay.removals.length).toBe(counts[1]);
      if (step.event.type === 'file.choose' && (after.matches({ notUploaded: 'rejected' }) || after.matches({ uploaded: 'rejected' }))) {
        expect(selectErrorMessage(after)).toMatch(/non accettato|vuoto|dimensione massima di 25 MB/);
      }
      // A refused file is never offered again: another one is asked for. Only a dropped upload keeps it for Riprova.
      if (step.event.type === 'upload.failed') {
        expect(after.context.file).toEqual(step.event.retryable ? before.context.file : null);
        expect(selectCanRetry(after)).toBe(step.event.retryable);
      }
      // The list is asked to refresh exactly when an upload or a removal succeeded.
      const eventType: GraphEvent['type'] = (step.event as GraphEvent).type;
      const changed = eventType === 'upload.done' || eventType === 'xstate.done.actor.removeFile';
      expect(replay.changes.length).toBe(counts[2]! + (changed ? 1 : 0));
      // Cancelling stops the upload under way.
      if (step.event.type === 'upload.cancel') expect(replay.uploadsStopped()).toBeGreaterThan(0);
    }

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    const uploaded = snapshot.context.slot.uploaded;
    expect(selectLabel(snapshot)).toBe(uploaded === null ? 'NON CARICATO' : 'CARICATO');
    expect(selectMandatoryError(snapshot)).toBe(
      snapshot.context.showsMissing && uploaded === null && !snapshot.matches('uploading') ? 'L\u2019allegato è obbligatorio' : null,
    );
    const refused = snapshot.matches({ notUploaded: 'rejected' }) || snapshot.matches({ uploaded: 'rejected' });
    const replaces = snapshot.context.keepsFile && snapshot.matches('uploaded');
    expect(selectChooseFileLabel(snapshot)).toBe(refused ? 'Scegli un altro file' : replaces ? 'Sostituisci il file' : 'Seleziona file');
    expect(selectCanReplace(snapshot)).toBe(replaces && snapshot.context.enabled);
    if (refused) expect(selectCanRetry(snapshot)).toBe(false);
    expect(selectIsBusy(snapshot)).toBe(['uploading', 'removing', 'downloading'].some((state) => snapshot.matches(state as 'uploading')));
    expect(selectShowsDropZone(snapshot)).toBe(snapshot.context.enabled && snapshot.matches('notUploaded'));
    if (snapshot.matches('uploaded')) {
      expect(selectCanDownload(snapshot)).toBe(true);
      expect(selectCanRemove(snapshot)).toBe(snapshot.context.enabled && !snapshot.context.keepsFile);
    }
    // The removal's confirmation names a file that is still there; only its Rimuovi removes it.
    expect(selectConfirmsRemoval(snapshot)).toBe(snapshot.matches('confirmingRemoval'));
    if (snapshot.matches('confirmingRemoval')) expect(uploaded).not.toBeNull();
    actor.stop();
  },
});

// ---------------------------------------------------------------------------------------------
// Focused behaviour with the real actor factory over a fake API.
// ---------------------------------------------------------------------------------------------

function fakeApi() {
  const calls: string[] = [];
  let upload: {
    onProgress: (progress: { loaded: number; total: number }) => void;
    signal: AbortSignal;
    resolve: (uploaded: UploadedAttachment) => void;
    reject: (error: unknown) => void;
  } | null = null;
  const api = {
    uploadFile: (
      request: UploadFileInput,
      options: { onProgress: (progress: { loaded: number; total: number }) => void; signal: AbortSignal },
    ) => {
      calls.push(`upload ${request.file.name}`);
      return new Promise<UploadedAttachment>((resolve, reject) => {
        upload = { ...options, resolve, reject };
      });
    },
    removeFile: async (request: RemoveFileInput) => void calls.push(`remove ${request.downloadId}`),
    downloadFile: async (request: DownloadFileInput) => void calls.push(`download ${request.downloadId} ${request.fileName}`),
  };
  return { api, calls, upload: () => upload! };
}

function startSlot(actorInput: AttachmentSlotInput = input) {
  const fake = fakeApi();
  const changes: string[] = [];
  const actor = createActor(
    attachmentSlotMachine.provide({
      actors: createAttachmentSlotActors(fake.api),
      actions: { notifyChanged: () => void changes.push('refresh') },
    }),
    { input: actorInput },
  );
  actor.start();
  return { actor, changes, ...fake };
}

const goodPdf = { name: 'Relazione.PDF', type: '', size: 2 * MB };

describe('attachment-slot upload', () => {
  it('shows the real progress, then CARICATO, refreshes the list and notes a PDF that is not PDF/A', async () => {
    const { actor, changes, calls, upload } = startSlot({ ...input, showsMissing: true });
    expect(selectMandatoryError(actor.getSnapshot())).toBe('L\u2019allegato è obbligatorio');
    actor.send({ type: 'file.choose', file: goodPdf });
    await settled();
    expect(calls).toEqual(['upload Relazione.PDF']);
    expect(selectProgressPercent(actor.getSnapshot())).toBe(0);
    expect(selectMandatoryError(actor.getSnapshot())).toBeNull();
    upload().onProgress({ loaded: MB / 2, total: 2 * MB });
    expect(selectProgressPercent(actor.getSnapshot())).toBe(25);
    upload().onProgress({ loaded: 2 * MB, total: 2 * MB });
    expect(selectProgressPercent(actor.getSnapshot())).toBe(100);
    upload().resolve(storedPdf);
    await settled();
    const snapshot = actor.getSnapshot();
    expect(selectLabel(snapshot)).toBe('CARICATO');
    expect(selectProgressPercent(snapshot)).toBeNull();
    expect(selectPdfANotice(snapshot)).toMatch(/PDF\/A/);
    expect(changes).toEqual(['refresh']);
  });

  it('stops the request when the upload is cancelled', async () => {
    const { actor, upload } = startSlot();
    actor.send({ type: 'file.choose', file: goodPdf });
    await settled();
    const { signal } = upload();
    actor.send({ type: 'upload.cancel' });
    expect(signal.aborted).toBe(true);
    expect(actor.getSnapshot().matches('notUploaded')).toBe(true);
  });

  it('after the server refuses a file, offers choosing another one instead of sending the same again', async () => {
    const { actor, calls, upload } = startSlot();
    actor.send({ type: 'file.choose', file: goodPdf });
    await settled();
    upload().reject({ status: 415, code: 'unsupported_file_type', message: 'Il contenuto del file non corrisponde a un PDF.' });
    await settled();
    let snapshot = actor.getSnapshot();
    expect(snapshot.matches({ notUploaded: 'rejected' })).toBe(true);
    expect(selectErrorMessage(snapshot)).toBe('Il contenuto del file non corrisponde a un PDF.');
    expect(selectCanRetry(snapshot)).toBe(false);
    expect(selectChooseFileLabel(snapshot)).toBe('Scegli un altro file');
    expect(selectShowsDropZone(snapshot)).toBe(true);
    actor.send({ type: 'error.retry' });
    await settled();
    expect(calls).toEqual(['upload Relazione.PDF']);

    actor.send({ type: 'file.choose', file: { name: 'relazione-corretta.pdf', type: 'application/pdf', size: MB } });
    await settled();
    expect(calls).toEqual(['upload Relazione.PDF', 'upload relazione-corretta.pdf']);
    upload().reject({ status: 413, message: null });
    await settled();
    snapshot = actor.getSnapshot();
    expect(selectErrorMessage(snapshot)).toBe('Il file non è stato accettato: scegli un altro file.');
    expect(selectChooseFileLabel(snapshot)).toBe('Scegli un altro file');
  });

  it('after a dropped connection or a server failure, Riprova sends the same file again', async () => {
    const { actor, calls, upload } = startSlot();
    actor.send({ type: 'file.choose', file: goodPdf });
    await settled();
    upload().reject({ status: 503, message: 'Si è verificato un errore imprevisto. Riprova tra poco.' });
    await settled();
    expect(actor.getSnapshot().matches({ failed: 'upload' })).toBe(true);
    expect(selectErrorMessage(actor.getSnapshot())).toBe('Si è verificato un errore imprevisto. Riprova tra poco.');
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'error.retry' });
    await settled();
    expect(calls).toEqual(['upload Relazione.PDF', 'upload Relazione.PDF']);
    upload().reject(new TypeError(''));
    await settled();
    expect(selectErrorMessage(actor.getSnapshot())).toBe('Caricamento non riuscito: riprova.');
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);
  });

  it('tells a failure worth sending again from a refusal', () => {
    expect(isRetryableUploadFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableUploadFailure({ status: null, message: 'Connessione assente' })).toBe(true);
    expect(isRetryableUploadFailure({ status: 500 })).toBe(true);
    expect(isRetryableUploadFailure({ status: 507, code: 'insufficient_storage' })).toBe(true);
    expect(isRetryableUploadFailure({ status: 429 })).toBe(true);
    expect(isRetryableUploadFailure({ status: 400, code: 'upload_interrupted' })).toBe(true);
    expect(isRetryableUploadFailure({ status: 400, code: 'file_empty' })).toBe(false);
    expect(isRetryableUploadFailure({ status: 413, code: 'file_too_large' })).toBe(false);
    expect(isRetryableUploadFailure({ status: 415, code: 'macro_not_allowed' })).toBe(false);
  });

  it('says a mandatory file is missing only once the person tried to go on or to submit', () => {
    const { actor } = startSlot();
    expect(selectMandatoryError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'file.choose', file: { name: 'foto.png', type: 'image/png', size: MB } });
    expect(selectMandatoryError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'slot.updated', slot: emptySlot, showsMissing: true });
    expect(selectMandatoryError(actor.getSnapshot())).toBe('L\u2019allegato è obbligatorio');
    // A later refresh of the list that does not say otherwise keeps pointing it out.
    actor.send({ type: 'slot.updated', slot: emptySlot });
    expect(selectMandatoryError(actor.getSnapshot())).toBe('L\u2019allegato è obbligatorio');
    actor.send({ type: 'slot.updated', slot: { ...emptySlot, mandatory: false } });
    expect(selectMandatoryError(actor.getSnapshot())).toBeNull();
  });

  it('refuses before uploading a file of another type, an empty one or one over the limit', () => {
    const { actor, calls } = startSlot({ slot: { ...emptySlot, accepts: ['pdf', 'excel'] }, enabled: true, maxBytes: 10 * MB });
    actor.send({ type: 'file.choose', file: { name: 'foto.png', type: 'image/png', size: MB } });
    expect(selectErrorMessage(actor.getSnapshot())).toBe('Tipo di file non accettato per questo allegato: carica un file PDF o Excel.');
    actor.send({ type: 'file.choose', file: { name: 'budget.xlsx', type: '', size: 0 } });
    expect(selectErrorMessage(actor.getSnapshot())).toBe('Il file è vuoto: scegli un altro file.');
    actor.send({ type: 'file.choose', file: { name: 'budget.xlsx', type: '', size: 11 * MB } });
    expect(selectErrorMessage(actor.getSnapshot())).toBe('Il file supera la dimensione massima di 10 MB: scegli un file più piccolo.');
    actor.send({ type: 'error.dismiss' });
    expect(selectErrorMessage(actor.getSnapshot())).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('attachment-slot when not enabled', () => {
  it('offers only Scarica for an uploaded file, and no drop zone when empty', async () => {
    const uploaded = startSlot({ slot: { ...emptySlot, uploaded: storedElsewhere }, enabled: false });
    expect(selectCanRemove(uploaded.actor.getSnapshot())).toBe(false);
    uploaded.actor.send({ type: 'file.remove' });
    uploaded.actor.send({ type: 'file.download' });
    await settled();
    expect(uploaded.calls).toEqual(['download dl-2 relazione-firmata.pdf']);
    expect(uploaded.actor.getSnapshot().matches('uploaded')).toBe(true);

    const empty = startSlot({ slot: emptySlot, enabled: false });
    expect(selectShowsDropZone(empty.actor.getSnapshot())).toBe(false);
    expect(selectLabel(empty.actor.getSnapshot())).toBe('NON CARICATO');
    empty.actor.send({ type: 'file.choose', file: goodPdf });
    expect(empty.calls).toEqual([]);
  });

  it('removes through the API, once confirmed, and asks the list to refresh when enabled', async () => {
    const { actor, calls, changes } = startSlot({ slot: { ...emptySlot, uploaded: storedPdf }, enabled: true });
    actor.send({ type: 'file.remove' });
    await settled();
    // Rimuovi asks first (issue 46): Annulla keeps the file, nothing is called.
    expect(selectConfirmsRemoval(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'removal.cancel' });
    await settled();
    expect(calls).toEqual([]);
    expect(selectLabel(actor.getSnapshot())).toBe('CARICATO');
    actor.send({ type: 'file.remove' });
    actor.send({ type: 'removal.confirm' });
    await settled();
    expect(calls).toEqual(['remove dl-1']);
    expect(changes).toEqual(['refresh']);
    expect(selectLabel(actor.getSnapshot())).toBe('NON CARICATO');
  });
});

describe('attachment-slot under a correction', () => {
  it('replaces the stored file instead of removing it; a refused or cancelled replacement leaves the stored file', async () => {
    const { actor, calls, changes, upload } = startSlot(correctedInput);
    let snapshot = actor.getSnapshot();
    expect(selectCanRemove(snapshot)).toBe(false);
    expect(selectCanReplace(snapshot)).toBe(true);
    expect(selectChooseFileLabel(snapshot)).toBe('Sostituisci il file');
    actor.send({ type: 'file.remove' });
    expect(selectConfirmsRemoval(actor.getSnapshot())).toBe(false);

    // A file of another type is refused here; the stored one is still shown.
    actor.send({ type: 'file.choose', file: { name: 'foto.png', type: 'image/png', size: MB } });
    snapshot = actor.getSnapshot();
    expect(selectErrorMessage(snapshot)).toBe('Tipo di file non accettato per questo allegato: carica un file PDF.');
    expect(selectLabel(snapshot)).toBe('CARICATO');
    expect(selectChooseFileLabel(snapshot)).toBe('Scegli un altro file');

    // A replacement cancelled midway: the stored file is what the slot shows again.
    actor.send({ type: 'file.choose', file: goodPdf });
    await settled();
    actor.send({ type: 'upload.cancel' });
    expect(actor.getSnapshot().matches({ uploaded: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.slot.uploaded).toEqual(storedPdf);

    // One the server refuses: the same.
    actor.send({ type: 'file.choose', file: goodPdf });
    await settled();
    upload().reject({ status: 415, code: 'unsupported_file_type', message: 'Il contenuto del file non corrisponde a un PDF.' });
    await settled();
    expect(actor.getSnapshot().matches({ uploaded: 'rejected' })).toBe(true);
    expect(selectLabel(actor.getSnapshot())).toBe('CARICATO');

    actor.send({ type: 'file.choose', file: { name: 'relazione-corretta.pdf', type: 'application/pdf', size: MB } });
    await settled();
    upload().resolve(storedElsewhere);
    await settled();
    expect(actor.getSnapshot().context.slot.uploaded).toEqual(storedElsewhere);
    expect(calls).toEqual(['upload Relazione.PDF', 'upload Relazione.PDF', 'upload relazione-corretta.pdf']);
    expect(changes).toEqual(['refresh']);
  });
});

describe('accepted file hints', () => {
  it('decides by the extension when there is one, by the browser type otherwise', () => {
    expect(isAcceptedFile({ name: 'a.pdf', type: 'application/octet-stream', size: 1 }, ['pdf'])).toBe(true);
    expect(isAcceptedFile({ name: 'a.exe', type: 'application/pdf', size: 1 }, ['pdf'])).toBe(false);
    expect(isAcceptedFile({ name: 'senza-estensione', type: 'application/pdf', size: 1 }, ['pdf'])).toBe(true);
    expect(isAcceptedFile({ name: 'tabella.XLS', type: '', size: 1 }, ['excel'])).toBe(true);
    expect(acceptAttribute(['pdf'])).toBe('.pdf,application/pdf');
    expect(acceptedKindsLabel(['pdf', 'word', 'excel'])).toBe('PDF, Word o Excel');
  });
});
