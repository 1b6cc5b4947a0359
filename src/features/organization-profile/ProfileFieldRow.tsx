import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OrganizationDetail } from '../../../domain/organization.ts';
import type { fieldEditMachine } from '../../../machines/field-edit/fieldEdit.machine.ts';
import { selectFieldEditView, type FieldEditSnapshot } from '../../../machines/field-edit/selectors.ts';
import { EditableRow } from '../../ui/EditableRow.tsx';
import { displayValueOf, missingValueHint, type ProfileField } from './profileFields.ts';
import { ProfileFieldEditor } from './ProfileFieldEditor.tsx';

interface ProfileFieldRowProps {
  field: ProfileField;
  detail: OrganizationDetail;
  actor: ActorRefFrom<typeof fieldEditMachine>;
  isEditable: boolean;
}

/** One profile field: the stored value, or its editor while it is the open one. */
export function ProfileFieldRow({ field, detail, actor, isEditable }: ProfileFieldRowProps) {
  // Closed rows select constants, so typing in the open field re-renders that row only.
  const { draft, canStartEditing, canSave, isSaving, errors, outcome } = useSelector(
    actor,
    (snapshot: FieldEditSnapshot) => selectFieldEditView(snapshot, field.id),
    shallowEqual,
  );
  const isOpen = draft !== null;

  return (
    <EditableRow
      label={field.label}
      value={displayValueOf(field, detail)}
      hint={isEditable ? missingValueHint(field, detail) : undefined}
      isEditable={isEditable}
      isOpen={isOpen}
      isEditDisabled={!canStartEditing}
      canSave={canSave}
      isSaving={isSaving}
      isRejected={outcome === 'rejected'}
      onEdit={() => actor.send({ type: 'field.edit', field: field.id })}
      onCancel={() => actor.send({ type: 'field.cancel' })}
      onSave={() => actor.send({ type: 'field.save' })}
    >
      {draft === null ? null : (
        <ProfileFieldEditor
          field={field}
          draft={draft}
          errors={errors}
          isDisabled={isSaving}
          onChange={(changes) => actor.send({ type: 'field.change', changes })}
        />
      )}
    </EditableRow>
  );
}
