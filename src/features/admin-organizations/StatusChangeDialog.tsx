import { lazy, memo, Suspense } from 'react';
import { statusLabel } from '../../../domain/applicationStatus.ts';
import { italianCalendarDay } from '../../../domain/italianDates.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { applicationsMessages } from '../../../domain/messages/applications.ts';
import { evaluationProposalMessages } from '../../../domain/messages/evaluationProposal.ts';
import { integrationMessages } from '../../../domain/messages/integration.ts';
import { integrationItemsMessages } from '../../../domain/messages/integrationItems.ts';
import type { selectProposal } from '../../../machines/status-change/selectors.ts';
import type { DraftItem, ItemTarget, StatusChangeRequest } from '../../../machines/status-change/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { parseDate } from '@internationalized/date';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { DatePicker } from '../../ui/DatePicker.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { dialogActions } from './AdminOrganizations.css.ts';

// Issue 44: the fields and slots to correct, loaded only when «In integrazione» is chosen (the fund definitions are large).
const IntegrationItemPicker = lazy(() =>
  import('./IntegrationItemPicker.tsx').then((module) => ({ default: module.IntegrationItemPicker })),
);

const m = adminPanelMessages;
const integration = integrationMessages;

/** Today as a calendar day in Italy: a deadline cannot be earlier. */
const todayInRome = () => parseDate(italianCalendarDay(new Date()));

export interface StatusChangeDialogProps {
  request: StatusChangeRequest | null;
  isOpen: boolean;
  isSubmitting: boolean;
  note: string;
  onNoteChange(note: string): void;
  /** In integrazione: the note is the request to the applicant (required), with an optional deadline. */
  isIntegrationRequest: boolean;
  deadline: string | null;
  /** A deadline before today, pointed out under the date. */
  deadlineIssue: string | null;
  /** The server's refusal of the last Conferma: shown above what was typed, which stays. */
  error: string | null;
  onDeadlineChange(deadline: string | null): void;
  canConfirm: boolean;
  /** In integrazione (issue 44): the fields and slots to correct, each with its message. */
  items: readonly DraftItem[];
  onItemAdd(item: ItemTarget): void;
  onItemMessage(item: ItemTarget, message: string): void;
  onItemRemove(item: ItemTarget): void;
  api: ApiClient;
  /** Issue 44: the reviewers' handed-over evaluation's proposed outcome and note, when there is one. */
  proposal: ReturnType<typeof selectProposal>;
  onProposalApply(): void;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Spec §4: "Sei sicuro di voler cambiare lo stato in «…»?" with an optional note, Conferma / Annulla. A refusal
 * leaves it open with the server's message and the note and deadline as typed.
 */
export const StatusChangeDialog = memo(function StatusChangeDialog({
  request,
  isOpen,
  isSubmitting,
  note,
  onNoteChange,
  isIntegrationRequest,
  deadline,
  deadlineIssue,
  error,
  onDeadlineChange,
  canConfirm,
  items,
  onItemAdd,
  onItemMessage,
  onItemRemove,
  api,
  proposal,
  onProposalApply,
  onConfirm,
  onCancel,
}: StatusChangeDialogProps) {
  const today = todayInRome();
  return (
    <Dialog
      role="alertdialog"
      title={applicationsMessages.statusChangedTitle}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onCancel();
      }}
    >
      {request ? (
        <>
          <p>{applicationsMessages.confirmStatus(statusLabel(request.to))}</p>
          <p>
            {request.organizationName} — {request.fund}: {statusLabel(request.from)}
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          {proposal ? (
            <Alert tone="info">
              {evaluationProposalMessages.proposal(statusLabel(proposal.outcome))}
              {proposal.isTarget && note === proposal.note && note !== '' ? ` ${evaluationProposalMessages.noteUsed}` : null}
              {proposal.canApply ? (
                <span className={dialogActions}>
                  <Button variant="secondary" onPress={onProposalApply} isDisabled={isSubmitting}>
                    {evaluationProposalMessages.useProposal(statusLabel(proposal.outcome))}
                  </Button>
                </span>
              ) : null}
            </Alert>
          ) : null}
          {isIntegrationRequest ? (
            <>
              <TextAreaField
                label={items.length > 0 ? integrationItemsMessages.requestOptionalLabel : integration.requestLabel}
                description={integration.requestHelp}
                value={note}
                onChange={onNoteChange}
                maxLength={1000}
                rows={4}
                isRequired={items.length === 0}
                isDisabled={isSubmitting}
              />
              <fieldset>
                <legend>{integrationItemsMessages.addItems}</legend>
                <Suspense fallback={<Spinner />}>
                  <IntegrationItemPicker
                    api={api}
                    fund={request.fund}
                    organizationId={request.organizationId}
                    items={items}
                    isDisabled={isSubmitting}
                    onAdd={onItemAdd}
                    onMessage={onItemMessage}
                    onRemove={onItemRemove}
                  />
                </Suspense>
              </fieldset>
              <DatePicker
                label={integration.deadlineLabel}
                value={deadline ? parseDate(deadline) : null}
                onChange={(value) => onDeadlineChange(value ? value.toString() : null)}
                minValue={today}
                errorMessage={deadlineIssue}
                isDisabled={isSubmitting}
              />
            </>
          ) : (
            <TextAreaField label={m.note} value={note} onChange={onNoteChange} maxLength={1000} rows={3} isDisabled={isSubmitting} />
          )}
          {isSubmitting ? <Spinner label={m.submitting} /> : null}
          <div className={dialogActions}>
            <Button variant="secondary" onPress={onCancel} isDisabled={isSubmitting}>
              {m.cancel}
            </Button>
            <Button onPress={onConfirm} isDisabled={isSubmitting || !canConfirm}>
              {m.confirm}
            </Button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
});
