import { useId } from 'react';
import { italianDate } from '../../../domain/italianDates.ts';
import { JOIN_NOTE_MAX_LENGTH, type OpenJoinRequest } from '../../../domain/joinRequest.ts';
import { joinRequestMessages as m } from '../../../domain/messages/joinRequest.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { cardTableBody as body, cardTableHead as head, cardTableRow as row } from '../../ui/CardTable.css.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { dialogActions } from '../../ui/Dialog.css.ts';
import { cell, reason, rowActions, section, table } from './JoinRequests.css.ts';
import { useJoinDecision } from './useJoinDecision.ts';

interface JoinRequestsTableProps {
  requests: readonly OpenJoinRequest[];
  /** The admin panel lists every organisation's requests: each row names its organisation. */
  showOrganization: boolean;
}

const personOf = (request: OpenJoinRequest) => request.requesterName || request.requesterEmail;

/** "Richieste di adesione": the open requests, each with Accetta and Rifiuta after a confirmation (issue 42). */
export function JoinRequestsTable({ requests, showOrganization }: JoinRequestsTableProps) {
  const headingId = useId();
  const decision = useJoinDecision(headingId);
  const { notice, dialog } = decision.view;
  return (
    <section aria-labelledby={headingId} className={section}>
      <h2 id={headingId} tabIndex={-1}>
        {m.listTitle}
      </h2>
      {notice === null ? null : <Alert tone={notice.tone}>{notice.text}</Alert>}
      {requests.length === 0 ? (
        <p>{m.listEmpty}</p>
      ) : (
        <table className={table}>
          <caption className={visuallyHidden}>{m.listTitle}</caption>
          <thead className={head}>
            <tr>
              <th scope="col" className={cell}>
                {m.requester}
              </th>
              {showOrganization ? (
                <th scope="col" className={cell}>
                  {m.organization}
                </th>
              ) : null}
              <th scope="col" className={cell}>
                {m.reason}
              </th>
              <th scope="col" className={cell}>
                {m.requestedAt}
              </th>
              <th scope="col" className={cell}>
                {m.actions}
              </th>
            </tr>
          </thead>
          <tbody className={body}>
            {requests.map((request) => (
              <tr key={request.id} className={row}>
                <th scope="row" className={cell}>
                  {request.requesterName}
                  <br />
                  {request.requesterEmail}
                </th>
                {showOrganization ? (
                  <td className={cell} data-label={m.organization}>
                    {request.organizationName}
                  </td>
                ) : null}
                <td className={reason} data-label={m.reason}>
                  {request.reason}
                </td>
                <td className={cell} data-label={m.requestedAt}>
                  {italianDate(request.createdAt)}
                </td>
                <td className={cell} data-label={m.actions}>
                  <div className={rowActions}>
                    <Button onPress={() => decision.open(request, 'accept')}>
                      {m.accept}
                      <span className={visuallyHidden}> {personOf(request)}</span>
                    </Button>
                    <Button variant="danger" onPress={() => decision.open(request, 'refuse')}>
                      {m.refuse}
                      <span className={visuallyHidden}> {personOf(request)}</span>
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog
        title={dialog.title}
        role="alertdialog"
        isOpen={dialog.isOpen}
        onOpenChange={(open) => {
          if (!open && !dialog.isDeciding) decision.cancel();
        }}
      >
        {(close) => (
          <>
            <p>{dialog.text}</p>
            <TextAreaField
              label={m.decisionNoteLabel}
              value={dialog.note}
              onChange={decision.changeNote}
              errorMessage={dialog.noteError}
              maxLength={JOIN_NOTE_MAX_LENGTH}
              isDisabled={dialog.isDeciding}
              rows={3}
            />
            <div className={dialogActions}>
              <Button variant="secondary" onPress={close} isDisabled={dialog.isDeciding}>
                {m.cancel}
              </Button>
              <Button
                variant={dialog.isRefusal ? 'danger' : 'primary'}
                onPress={decision.confirm}
                isDisabled={dialog.isDeciding || !dialog.canConfirm}
              >
                {m.confirm}
              </Button>
            </div>
            {dialog.isDeciding ? <Spinner label={m.deciding} /> : null}
          </>
        )}
      </Dialog>
    </section>
  );
}
