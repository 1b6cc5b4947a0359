import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { NOTE_MAX_LENGTH } from '../../../domain/applicationNotes.ts';
import { italianDateTime, italianTime } from '../../../domain/italianDates.ts';
import { timelineMessages as m } from '../../../domain/messages/timeline.ts';
import { applicationNoteMachine } from '../../../machines/application-note/applicationNote.machine.ts';
import { selectApplicationNoteView } from '../../../machines/application-note/selectors.ts';
import type { SaveNoteInput } from '../../../machines/application-note/types.ts';
import { saveNote, timelineQueries } from '../../api/timeline.ts';
import { inspect } from '../../devtools/inspect.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Form } from '../../ui/Form.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { detail, formActions, meta, note, notes, section } from './Timeline.css.ts';

/**
 * «Note interne» (issue 44): the administrators' private notes on the application, oldest first, and the form
 * (the application-note machine) that writes a new one or rewrites one's own within 15 minutes. Applicants never
 * see them: the server answers them to administrators only.
 */
export function ApplicationNotes({ applicationId }: { applicationId: string }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const queryClient = useQueryClient();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const query = useQuery(timelineQueries.notes(api, applicationId));
  const provided = useMemo(
    () =>
      applicationNoteMachine.provide({
        actors: {
          saveNote: fromPromise<void, SaveNoteInput>(async ({ input }) => {
            await saveNote(api, applicationId, input);
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: timelineQueries.notes(api, applicationId).queryKey }),
              queryClient.invalidateQueries({ queryKey: timelineQueries.admin(api, applicationId).queryKey }),
            ]);
          }),
        },
      }),
    [api, applicationId, queryClient],
  );
  const actor = useActorRef(provided, { inspect });
  const view = useSelector(actor, selectApplicationNoteView, shallowEqual);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'note.submit' });
    if (actor.getSnapshot().matches('saving')) return;
    window.requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const edit = (id: string, text: string) => {
    actor.send({ type: 'note.edit', id, text });
    window.requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('textarea')?.focus());
  };

  return (
    <section aria-labelledby={headingId} className={section}>
      <h2 id={headingId}>{m.notesTitle}</h2>
      <p>{m.notesDescription}</p>
      {query.data === undefined ? (
        query.isError ? (
          <Alert tone="error">{m.notesLoadFailed}</Alert>
        ) : (
          <Spinner label={m.notesLoading} />
        )
      ) : query.data.length === 0 ? (
        <p>{m.notesEmpty}</p>
      ) : (
        <ul className={notes} aria-label={m.notesTitle}>
          {query.data.map((item) => (
            <li key={item.id} className={note}>
              <p className={meta}>
                {m.writtenBy(item.authorName, italianDateTime(item.createdAt))}
                {item.editedAt ? ` — ${m.noteEdited(italianDateTime(item.editedAt))}` : ''}
              </p>
              <p className={detail}>{item.text}</p>
              {item.editableUntil ? (
                <div className={formActions}>
                  <span className={meta}>{m.editableUntil(italianTime(item.editableUntil))}</span>
                  <Button
                    variant="secondary"
                    aria-label={`${m.edit}: ${m.writtenBy(item.authorName, italianDateTime(item.createdAt))}`}
                    onPress={() => edit(item.id, item.text)}
                    isDisabled={view.isSaving}
                  >
                    {m.edit}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {view.isSaved ? <Alert tone="success">{m.saved}</Alert> : null}
      <Form ref={formRef} onSubmit={submit} aria-label={view.editingId ? m.editNoteLabel : m.newNote}>
        <TextAreaField
          label={view.editingId ? m.editNoteLabel : m.newNote}
          name="note"
          description={m.noteHint(NOTE_MAX_LENGTH)}
          maxLength={NOTE_MAX_LENGTH}
          rows={4}
          value={view.text}
          onChange={(value) => actor.send({ type: 'text.change', value })}
          errorMessage={view.error}
          isDisabled={view.isSaving}
        />
        <div className={formActions}>
          <Button type="submit" isPending={view.isSaving}>
            {view.editingId ? m.saveEdit : m.save}
          </Button>
          {view.editingId ? (
            <Button variant="secondary" onPress={() => actor.send({ type: 'edit.cancel' })} isDisabled={view.isSaving}>
              {m.cancel}
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
