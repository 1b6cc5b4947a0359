import { memo } from 'react';
import { statusLabel } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import type { StatusChangeRequest } from '../../../machines/status-change/types.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { dialogActions } from './AdminOrganizations.css.ts';

const m = messages.adminPanel;

interface StatusChangeDialogProps {
  request: StatusChangeRequest | null;
  isOpen: boolean;
  isSubmitting: boolean;
  note: string;
  onNoteChange(note: string): void;
  onConfirm(): void;
  onCancel(): void;
}

/** Spec §4: "Sei sicuro di voler settare lo stato in …?" with an optional note, Conferma / Annulla. */
export const StatusChangeDialog = memo(function StatusChangeDialog({ request, isOpen, isSubmitting, note, onNoteChange, onConfirm, onCancel }: StatusChangeDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={messages.applications.statusChangedTitle}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onCancel();
      }}
    >
      {request ? (
        <>
          <p>{messages.applications.confirmStatus(statusLabel(request.to))}</p>
          <p>
            {request.organizationName} — {request.fund}: {statusLabel(request.from)}
          </p>
          <TextAreaField label={m.note} value={note} onChange={onNoteChange} maxLength={1000} rows={3} isDisabled={isSubmitting} />
          {isSubmitting ? <Spinner label={m.submitting} /> : null}
          <div className={dialogActions}>
            <Button variant="secondary" onPress={onCancel} isDisabled={isSubmitting}>
              {m.cancel}
            </Button>
            <Button onPress={onConfirm} isDisabled={isSubmitting}>
              {m.confirm}
            </Button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
});
