import { useId } from 'react';
import { memberFullName } from '../../../domain/memberName.ts';
import { profileMessages } from '../../../domain/messages/profile.ts';
import type { OrganizationDetail, OrganizationMember } from '../../../domain/organization.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { cardTableBody as body, cardTableHead as head, cardTableRow as row } from '../../ui/CardTable.css.ts';
import { badge, cell, dialogActions, table } from './MembersSection.css.ts';
import { memberActionFor } from './memberActions.ts';
import { useMemberRemoval } from './useMemberRemoval.ts';

const m = profileMessages;

interface MembersSectionProps {
  detail: OrganizationDetail;
  currentUserId: string;
  /** False in the admin view: the list only. */
  isManageable: boolean;
  /** After a removal: reload the organisation; `left` when the person removed themselves. */
  onRemoved(member: OrganizationMember, left: boolean): Promise<void>;
}

/** Spec §2: the members, with an admin label; removal (and leaving) after a confirmation. */
export function MembersSection({ detail, currentUserId, isManageable, onRemoved }: MembersSectionProps) {
  const headingId = useId();
  const removal = useMemberRemoval({ organizationId: detail.id, currentUserId, onRemoved, headingId });
  const { notice, dialog } = removal.view;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {m.membersSection}
      </h2>
      {notice === null ? null : <Alert tone={notice.tone}>{notice.text}</Alert>}
      {detail.members.length === 0 ? (
        <p>{m.membersEmpty}</p>
      ) : (
        <table className={table}>
          <caption className={visuallyHidden}>{m.membersSection}</caption>
          <thead className={head}>
            <tr>
              <th scope="col" className={cell}>
                {m.memberName}
              </th>
              <th scope="col" className={cell}>
                {m.memberEmail}
              </th>
              <th scope="col" className={cell}>
                {m.memberRole}
              </th>
              {isManageable ? (
                <th scope="col" className={cell}>
                  {m.memberActions}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className={body}>
            {detail.members.map((member) => {
              const action = isManageable ? memberActionFor(detail, member, currentUserId) : null;
              return (
                <tr key={member.userId} className={row}>
                  <th scope="row" className={cell}>
                    {memberFullName(member)} {member.userId === currentUserId ? m.you : null}
                  </th>
                  <td className={cell} data-label={m.memberEmail}>
                    {member.email}
                  </td>
                  <td className={cell} data-label={m.memberRole}>
                    {member.role === 'admin' ? <span className={badge}>{m.adminLabel}</span> : m.memberLabel}
                  </td>
                  {isManageable ? (
                    <td className={cell} data-label={action ? m.memberActions : undefined}>
                      {action === 'leave' ? (
                        <Button variant="secondary" onPress={() => removal.open(member)}>
                          {m.leave}
                        </Button>
                      ) : null}
                      {action === 'remove' ? (
                        <Button variant="danger" onPress={() => removal.open(member)}>
                          {m.remove}
                          <span className={visuallyHidden}> {memberFullName(member)}</span>
                        </Button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Dialog
        title={dialog.title}
        role="alertdialog"
        isOpen={dialog.isOpen}
        onOpenChange={(open) => {
          if (!open) removal.cancel();
        }}
      >
        {(close) => (
          <>
            <p>{dialog.text}</p>
            <div className={dialogActions}>
              <Button variant="secondary" onPress={close} isDisabled={dialog.isRemoving}>
                {m.cancel}
              </Button>
              <Button variant="danger" onPress={removal.confirm} isDisabled={dialog.isRemoving}>
                {m.confirm}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
