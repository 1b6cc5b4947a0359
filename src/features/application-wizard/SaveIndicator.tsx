import { italianTime } from '../../../domain/italianDates.ts';
import { wizardMessages } from '../../../domain/messages/wizard.ts';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import type { SaveIndicator as SaveState } from '../../../machines/application-wizard/selectors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { actions, dot, problem, status } from './SaveIndicator.css.ts';

const view = wizardViewMessages;
const indicator = wizardMessages.saveIndicator;

export interface SaveIndicatorProps {
  state: SaveState;
  /** When the draft was last saved; null when it was only loaded. */
  savedAt?: Date | null;
  /** The draft changed elsewhere: load the stored one (what was typed here is the person's to redo). */
  onReload(): void;
  /** After an error the server gave up on: try again now. */
  onRetry?(): void;
}

function statusText(state: SaveState, savedAt: Date | null): string {
  switch (state) {
    case 'saved':
      return savedAt ? view.saved(italianTime(savedAt)) : view.savedDraft;
    case 'saving':
      return indicator.saving;
    case 'unsaved':
      return indicator.unsaved;
    case 'retrying':
      return indicator.retrying;
    case 'error':
      return view.saveFailed;
    case 'conflict':
      return indicator.unsaved;
  }
}

/**
 * The autosave state in one line, in a polite live region so a screen reader hears "Salvato alle 10:42"
 * without being interrupted. A conflict (another tab or member saved first) is an alert with the way out:
 * reload the stored draft; nothing is overwritten silently.
 */
export function SaveIndicator({ state, savedAt = null, onReload, onRetry }: SaveIndicatorProps) {
  const isProblem = state === 'error' || state === 'conflict' || state === 'retrying';
  return (
    <>
      <div className={status}>
        {/* Only the words are live: the button beside them is not re-announced with every change. */}
        <span role="status" className={isProblem ? problem : undefined}>
          <span className={dot} aria-hidden="true" /> {statusText(state, savedAt)}
        </span>
        {state === 'error' && onRetry ? (
          <Button variant="secondary" onPress={onRetry}>
            {view.retry}
          </Button>
        ) : null}
      </div>
      {state === 'conflict' ? (
        <Alert tone="error" title={view.conflictTitle}>
          <p>{view.conflict}</p>
          <div className={actions}>
            <Button onPress={onReload}>{view.reload}</Button>
          </div>
        </Alert>
      ) : null}
    </>
  );
}
