import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { profileMessages } from '../../../domain/messages/profile.ts';
import type { OrganizationDetail, OrganizationMember } from '../../../domain/organization.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';
import { removeMember } from '../../api/organizationProfile.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { cardTableBody as body, cardTableHead as head, cardTableRow as row } from '../../ui/CardTable.css.ts';
import { badge, cell, dialogActions, table } from './MembersSection.css.ts';
import { memberActionFor } from './memberActions.ts';

const m = profileMessages;

interface MembersSectionProps {
  detail: OrganizationDetail;
  currentUserId: string;
  /** False in the admin view: the list only. */
  isManageable: boolean;
  /** After a removal: reload the organisation; `left` when the person removed themselves. */
  onRemoved(member: OrganizationMember, left: boolean): Promise<void>;
}

const fullName = (member: OrganizationMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** Spec §2: the members, with an admin label; removal (and leaving) after a confirmation. */
export function MembersSection({ detail, currentUserId, isManageable, onRemoved }: MembersSectionProps) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<OrganizationMember | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const removal = useMutation({
    mutationFn: (member: OrganizationMember) => removeMember(api, detail.id, member.userId),
    onSuccess: async (_, member) => {
      const left = member.userId === currentUserId;
      setPending(null);
      // The notice comes with the refreshed list, so what it says and what the table shows agree.
      await onRemoved(member, left);
      setNotice({ tone: 'success', text: left ? m.left : m.removed(fullName(member)) });
      // The row and its button are gone: the list's heading takes the focus instead of the page's top.
      headingRef.current?.focus();
    },
    onError: (error) => {
      setPending(null);
      setNotice({ tone: 'error', text: error instanceof Error && error.message ? error.message : m.removeFailed });
    },
  });

  const isSelf = pending?.userId === currentUserId;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
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
                    {fullName(member)} {member.userId === currentUserId ? m.you : null}
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
                        <Button variant="secondary" onPress={() => setPending(member)}>
                          {m.leave}
                        </Button>
                      ) : null}
                      {action === 'remove' ? (
                        <Button variant="danger" onPress={() => setPending(member)}>
                          {m.remove}
                          <span className={visuallyHidden}> {fullName(member)}</span>
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
        title={isSelf ? m.leave : m.removeTitle}
        role="alertdialog"
        isOpen={pending !== null}
        onOpenChange={(open) => {
          if (!open && !removal.isPending) setPending(null);
        }}
      >
        {(close) => (
          <>
            <p>{pending === null ? null : isSelf ? m.leaveConfirm : m.removeConfirm(fullName(pending))}</p>
            <div className={dialogActions}>
              <Button variant="secondary" onPress={close} isDisabled={removal.isPending}>
                {m.cancel}
              </Button>
              <Button variant="danger" onPress={() => pending && removal.mutate(pending)} isDisabled={removal.isPending}>
                {m.confirm}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
