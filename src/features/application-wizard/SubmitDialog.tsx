import { italianDateAndSeconds } from '../../../domain/italianDates.ts';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ring } from '../../ui/Spinner.css.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';
import { dialogActions, progress, smallRing } from './SubmitDialog.css.ts';

const view = wizardViewMessages;

export interface SubmitDialogProps {
  isOpen: boolean;
  /** The submission is on its way: both buttons wait, the dialog stays. */
  isSubmitting: boolean;
  /** Why the last attempt failed (spec §8), shown in the dialog so the person can try again. */
  errorMessage?: string | null;
  /** A click day's queue has the hand-over wait (issue 45): the server's message and the first try (ISO); it is sent again by itself. */
  queue?: { message: string; firstTriedAt: string } | null;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Spec §2: "Sicuro di inviare la candidatura. Non sarà più possibile modificarla." with Invia and Indietro.
 * Invia shows its progress in its own label and is disabled meanwhile (not react-aria's isPending, which
 * would fight the navigation to /candidaturaCompletata that follows success).
 */
export function SubmitDialog({ isOpen, isSubmitting, errorMessage, queue, onConfirm, onCancel }: SubmitDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={view.confirmTitle}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onCancel();
      }}
    >
      <p>{view.confirmText}</p>
      {errorMessage ? <Alert tone="error">{errorMessage}</Alert> : null}
      {queue ? (
        <Alert tone="warning">
          <p>{queue.message}</p>
          <p>{view.firstTriedAt(italianDateAndSeconds(new Date(queue.firstTriedAt)).time)}</p>
        </Alert>
      ) : null}
      {/* Said once when the sending starts; a button's changing label alone is not announced. */}
      <p role="status" className={visuallyHidden}>
        {isSubmitting ? view.sending : ''}
      </p>
      <div className={dialogActions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={isSubmitting}>
          {view.cancel}
        </Button>
        <Button onPress={onConfirm} isDisabled={isSubmitting}>
          {isSubmitting ? (
            <span className={progress}>
              <span className={`${ring} ${smallRing}`} aria-hidden="true" />
              {view.sending}
            </span>
          ) : (
            view.send
          )}
        </Button>
      </div>
    </Dialog>
  );
}
