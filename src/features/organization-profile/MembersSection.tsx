import { useId } from 'react';
import { memberFullName } from '../../../domain/memberName.ts';
import { memberRoleMessages as r } from '../../../domain/messages/memberRoles.ts';
import { profileMessages } from '../../../domain/messages/profile.ts';
import { MEMBER_ROLES, type MemberRole, type OrganizationDetail, type OrganizationMember } from '../../../domain/organization.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { RadioGroup } from '../../ui/RadioGroup.tsx';
import { cardTableBody as body, cardTableHead as head, cardTableRow as row } from '../../ui/CardTable.css.ts';
import { buttonRow } from '../../ui/ButtonRow.css.ts';
import { dialogActions } from '../../ui/Dialog.css.ts';
import { badge, cell, representativeBadge, table } from './MembersSection.css.ts';
import { mayChangeRoleOf, memberActionFor } from './memberActions.ts';
import { useMemberRemoval } from './useMemberRemoval.ts';
import { useMemberRoleChange } from './useMemberRoleChange.ts';

const m = profileMessages;

interface MembersSectionProps {
  detail: OrganizationDetail;
  currentUserId: string;
  /** False in the admin view: the list only. */
  isManageable: boolean;
  /** After a removal: reload the organisation; `left` when the person removed themselves. */
  onRemoved(member: OrganizationMember, left: boolean): Promise<void>;
  /** After a role change: reload the organisation. */
  onRoleChanged(): Promise<void>;
}

const roleOptions = MEMBER_ROLES.map((role) => ({ id: role, name: r.labels[role] }));

/**
 * Spec §2: the members, with their role (the Referente with the spec's admin label) and the legal representative
 * marked; removal (and leaving) after a confirmation; a Referente changes a member's role in a dialog (issue 42).
 */
export function MembersSection({ detail, currentUserId, isManageable, onRemoved, onRoleChanged }: MembersSectionProps) {
  const headingId = useId();
  const removal = useMemberRemoval({ organizationId: detail.id, currentUserId, onRemoved, headingId });
  const roleChange = useMemberRoleChange({ organizationId: detail.id, onChanged: onRoleChanged, headingId });
  const { dialog } = removal.view;
  const roleDialog = roleChange.view.dialog;
  const notice = roleChange.view.notice ?? removal.view.notice;

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
                    {member.isLegalRepresentative ? (
                      <>
                        {' '}
                        <span className={representativeBadge}>{r.legalRepresentative}</span>
                      </>
                    ) : null}
                  </th>
                  <td className={cell} data-label={m.memberEmail}>
                    {member.email}
                  </td>
                  <td className={cell} data-label={m.memberRole}>
                    {member.role === 'admin' ? <span className={badge}>{r.referentWithSpecLabel}</span> : r.labels[member.role]}
                  </td>
                  {isManageable ? (
                    <td
                      className={cell}
                      data-label={action || mayChangeRoleOf(detail, member, currentUserId) ? m.memberActions : undefined}
                    >
                      <div className={buttonRow}>
                        {mayChangeRoleOf(detail, member, currentUserId) ? (
                          <Button variant="secondary" onPress={() => roleChange.open(member)}>
                            {r.changeRole}
                            <span className={visuallyHidden}> {memberFullName(member)}</span>
                          </Button>
                        ) : null}
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
                      </div>
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
      <Dialog
        title={roleDialog.title}
        isOpen={roleDialog.isOpen}
        onOpenChange={(open) => {
          if (!open) roleChange.cancel();
        }}
      >
        {(close) => (
          <>
            <RadioGroup
              label={r.roleField}
              options={roleOptions}
              value={roleDialog.role}
              onChange={(role) => roleChange.select(role as MemberRole)}
              orientation="vertical"
              isDisabled={roleDialog.isSaving}
              description={roleDialog.role ? r.may[roleDialog.role] : undefined}
            />
            {roleDialog.isSaving ? <p role="status">{r.changing}</p> : null}
            <div className={dialogActions}>
              <Button variant="secondary" onPress={close} isDisabled={roleDialog.isSaving}>
                {r.cancel}
              </Button>
              <Button onPress={roleChange.confirm} isDisabled={!roleDialog.canConfirm}>
                {r.confirmChange}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
