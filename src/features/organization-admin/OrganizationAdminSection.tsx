import { useId } from 'react';
import { memberFullName } from '../../../domain/memberName.ts';
import { organizationAdminMessages as m } from '../../../domain/messages/organizationAdmin.ts';
import { ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_MIN_LENGTH } from '../../../domain/organizationAdmin.ts';
import { MEMBER_ROLES, type MemberRole, type OrganizationDetail } from '../../../domain/organization.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { dialogActions } from '../../ui/Dialog.css.ts';
import { actions, dialogFields, section, statusLine } from './OrganizationAdmin.css.ts';
import { useOrganizationAdminActions } from './useOrganizationAdminActions.ts';

const roleOptions = MEMBER_ROLES.map((role) => ({ id: role, name: m.roles[role] }));

/**
 * "Gestione dell'organizzazione" on the platform administrator's organisation page (issue 42): the status, the
 * acts (each a dialog that asks for a reason) and what the last one did. Driven by machines/organization-admin-actions.
 */
export function OrganizationAdminSection({ detail }: { detail: OrganizationDetail }) {
  const headingId = useId();
  const admin = useOrganizationAdminActions({ organizationId: detail.id, headingId });
  const { notice, dialog } = admin.view;
  const suspended = detail.status === 'suspended';
  const memberOptions = detail.members.map((member) => ({ id: member.userId, name: `${memberFullName(member)} (${member.email})` }));
  const { act, fields, problems } = dialog;

  return (
    <section aria-labelledby={headingId} className={section}>
      <h2 id={headingId} tabIndex={-1}>
        {m.section.title}
      </h2>
      <p className={statusLine}>
        {m.section.status}: {suspended ? m.section.suspended : m.section.active}
      </p>
      {suspended && detail.suspensionReason ? <p>{m.section.reasonOf(detail.suspensionReason)}</p> : null}
      {notice === null ? null : <Alert tone="success">{notice}</Alert>}
      <div className={actions} role="group" aria-label={m.section.actionsLabel}>
        <Button variant="secondary" onPress={() => admin.choose('add')}>
          {m.actions.add}
        </Button>
        <Button variant="secondary" onPress={() => admin.choose('makeReferent')} isDisabled={detail.members.length === 0}>
          {m.actions.makeReferent}
        </Button>
        <Button variant="secondary" onPress={() => admin.choose('remove')} isDisabled={detail.members.length === 0}>
          {m.actions.remove}
        </Button>
        {suspended ? (
          <Button onPress={() => admin.choose('restore')}>{m.actions.restore}</Button>
        ) : (
          <Button variant="danger" onPress={() => admin.choose('suspend')}>
            {m.actions.suspend}
          </Button>
        )}
      </div>
      <Dialog
        title={dialog.title}
        isOpen={dialog.isOpen}
        onOpenChange={(open) => {
          if (!open && !dialog.isSubmitting) admin.cancel();
        }}
      >
        {(close) => (
          <form
            className={dialogFields}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              admin.confirm();
            }}
          >
            {act === 'suspend' ? <p>{m.dialog.suspendWarning}</p> : null}
            {act === 'add' ? (
              <>
                <TextField
                  label={m.dialog.email}
                  description={m.dialog.emailDescription}
                  type="email"
                  autoComplete="off"
                  isRequired
                  value={fields.email}
                  onChange={(value) => admin.change({ field: 'email', value })}
                  errorMessage={problems.email}
                />
                <Select
                  label={m.dialog.role}
                  items={roleOptions}
                  value={fields.role}
                  onChange={(value) => admin.change({ field: 'role', value: (value ?? 'editor') as MemberRole })}
                  isRequired
                />
              </>
            ) : null}
            {act === 'remove' || act === 'makeReferent' ? (
              <Select
                label={m.dialog.member}
                placeholder={m.dialog.chooseMember}
                items={memberOptions}
                value={fields.member?.userId ?? null}
                onChange={(value) =>
                  admin.change({ field: 'member', value: detail.members.find((member) => member.userId === value) ?? null })
                }
                isRequired
                errorMessage={problems.member}
              />
            ) : null}
            {act === 'makeReferent' ? (
              <Checkbox isSelected={fields.demoteOthers} onChange={(value) => admin.change({ field: 'demoteOthers', value })}>
                {m.dialog.demote}
              </Checkbox>
            ) : null}
            <TextAreaField
              label={m.reason.label}
              description={m.reason.description(ADMIN_REASON_MIN_LENGTH, ADMIN_REASON_MAX_LENGTH)}
              isRequired
              rows={4}
              maxLength={ADMIN_REASON_MAX_LENGTH}
              value={fields.reason}
              onChange={(value) => admin.change({ field: 'reason', value })}
              errorMessage={problems.reason}
            />
            {dialog.failure === null ? null : <Alert tone="error">{dialog.failure}</Alert>}
            <div className={dialogActions}>
              <Button variant="secondary" onPress={close} isDisabled={dialog.isSubmitting}>
                {m.dialog.cancel}
              </Button>
              <Button type="submit" variant={act === 'suspend' || act === 'remove' ? 'danger' : 'primary'} isDisabled={dialog.isSubmitting}>
                {dialog.isSubmitting ? m.dialog.submitting : m.dialog.confirm}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </section>
  );
}
