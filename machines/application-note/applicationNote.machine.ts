import { assign, setup } from 'xstate';
import { NOTE_MAX_LENGTH } from '../../domain/applicationNotes.ts';
import { timelineMessages } from '../../domain/messages/timeline.ts';
import { plainTextProblem } from '../../domain/plainText.ts';
import { hostPromise } from '../host.ts';
import type { ApplicationNoteContext, ApplicationNoteEvent, SaveNoteInput } from './types.ts';

/** What is wrong with the text before anything is sent (the server checks the same: server/timeline/applicationNotes.ts). */
export function noteTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return timelineMessages.noteEmpty;
  if (trimmed.length > NOTE_MAX_LENGTH) return timelineMessages.noteTooLong(NOTE_MAX_LENGTH);
  return plainTextProblem(trimmed, 'lines');
}

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message !== '' ? error.message : timelineMessages.saveFailed;

export const applicationNoteMachine = setup({
  types: {
    context: {} as ApplicationNoteContext,
    events: {} as ApplicationNoteEvent,
  },
  actors: {
    // The notes section supplies the real call (CreateNote or UpdateNote).
    saveNote: hostPromise<void, SaveNoteInput>('application-note', 'saveNote'),
  },
  guards: {
    isSendable: ({ context }) => noteTextProblem(context.text) === null,
  },
  actions: {
    changeText: assign((_, params: { value: string }) => ({ text: params.value, error: null })),
    markProblem: assign(({ context }) => ({ error: noteTextProblem(context.text) })),
    openNote: assign((_, params: { id: string; text: string }) => ({ editingId: params.id, text: params.text, error: null })),
    clearForm: assign({ text: '', editingId: null, error: null }),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'applicationNote',
  description:
    'Issue 44: an administrator writes a private note on an application, or rewrites one of their own within 15 minutes ' +
    'of writing it. The text is checked before it is sent; a refusal (the window closed, another author) keeps it and says why.',
  context: { text: '', editingId: null, error: null },
  initial: 'writing',
  states: {
    writing: {
      initial: 'idle',
      states: {
        idle: {},
        saved: { description: 'The note was stored: the confirmation shows until the form is touched again.' },
      },
      on: {
        'text.change': { target: '.idle', actions: { type: 'changeText', params: ({ event }) => ({ value: event.value }) } },
        'note.submit': [
          { guard: 'isSendable', target: 'saving' },
          { target: '.idle', actions: 'markProblem' },
        ],
        'note.edit': { target: '.idle', actions: { type: 'openNote', params: ({ event }) => ({ id: event.id, text: event.text }) } },
        'edit.cancel': { target: '.idle', actions: 'clearForm' },
      },
    },
    saving: {
      invoke: {
        id: 'saveNote',
        src: 'saveNote',
        input: ({ context }) => ({ id: context.editingId, text: context.text }),
        onDone: { target: 'writing.saved', actions: 'clearForm' },
        onError: { target: 'writing.idle', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
