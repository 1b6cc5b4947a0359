import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OrganizationDetail } from '../../../domain/organization.ts';
import type { fieldEditMachine } from '../../../machines/field-edit/fieldEdit.machine.ts';
import {
  selectCanSave,
  selectCanStartEditing,
  selectErrors,
  selectIsSaving,
  selectSaveOutcome,
  type FieldEditSnapshot,
} from '../../../machines/field-edit/selectors.ts';
import type { FieldValues } from '../../../machines/field-edit/types.ts';
import { EditableRow } from '../../ui/EditableRow.tsx';
import { displayValueOf, missingValueHint, type ProfileField } from './profileFields.ts';
import { ProfileFieldEditor } from './ProfileFieldEditor.tsx';

interface ProfileFieldRowProps {
  field: ProfileField;
  detail: OrganizationDetail;
  actor: ActorRefFrom<typeof fieldEditMachine>;
  isEditable: boolean;
}

const NO_DRAFT = null;

/** One profile field: the stored value, or its editor while it is the open one. */
export function ProfileFieldRow({ field, detail, actor, isEditable }: ProfileFieldRowProps) {
  // Closed rows select a constant, so typing in the open field re-renders that row only.
  const draft = useSelector(actor, (snapshot: FieldEditSnapshot): FieldValues | null =>
    snapshot.context.activeField === field.id ? snapshot.context.draft : NO_DRAFT,
  );
  const isOpen = draft !== null;
  const canStartEditing = useSelector(actor, selectCanStartEditing);
  const canSave = useSelector(actor, selectCanSave);
  const isSaving = useSelector(actor, selectIsSaving);
  const errors = useSelector(actor, selectErrors);
  const isRejected = useSelector(actor, selectSaveOutcome) === 'rejected';

  return (
    <EditableRow
      label={field.label}
      value={displayValueOf(field, detail)}
      hint={isEditable ? missingValueHint(field, detail) : undefined}
      isEditable={isEditable}
      isOpen={isOpen}
      isEditDisabled={!canStartEditing}
      canSave={isOpen && canSave}
      isSaving={isOpen && isSaving}
      isRejected={isOpen && isRejected}
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
