import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { profileMessages } from '../../domain/messages/profile.ts';
import { visuallyHidden } from '../../styles/visuallyHidden.css.ts';
import { Button } from './Button.tsx';
import { actions, display, editor, hint as hintStyle, label as labelStyle, missing, row, value as valueStyle } from './EditableRow.css.ts';

// The field-edit controls' words are the profile's; the account page shows the same controls.
const controls = profileMessages.controls;

export interface EditableRowProps {
  /** The field's name: the read-only label, and part of the buttons' names ("Modifica Nome"). */
  label: string;
  /** What is stored, as text; empty shows "Non indicato". */
  value: ReactNode;
  /** A line under the value (why it cannot change, what it is for). */
  hint?: ReactNode;
  /** Whether Modifica exists at all (not for read-only fields, not in the admin view). */
  isEditable: boolean;
  /** The editor is shown (while editing and while saving). */
  isOpen: boolean;
  /** Another field is open: one at a time. */
  isEditDisabled?: boolean;
  canSave: boolean;
  isSaving: boolean;
  /** The last save was refused: the focus moves to the first field marked invalid. */
  isRejected?: boolean;
  onEdit(): void;
  onCancel(): void;
  onSave(): void;
  /** The labelled inputs, shown while open. */
  children?: ReactNode;
}

/**
 * One field of a read-only page with its own Modifica / Salva / Annulla (spec §2). Focus follows the
 * person: into the editor when it opens, back to Modifica when it closes, so keyboard and screen-reader
 * users never lose their place.
 */
export function EditableRow({
  label,
  value,
  hint,
  isEditable,
  isOpen,
  isEditDisabled = false,
  canSave,
  isSaving,
  isRejected = false,
  onEdit,
  onCancel,
  onSave,
  children,
}: EditableRowProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // Button does not forward refs: Modifica is found inside the row instead.
  const displayRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(isOpen);

  useEffect(() => {
    if (isOpen && !wasOpen.current) {
      formRef.current?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button')?.focus();
    } else if (!isOpen && wasOpen.current) {
      displayRef.current?.querySelector<HTMLElement>('button')?.focus();
    }
    wasOpen.current = isOpen;
  }, [isOpen]);

  useEffect(() => {
    if (!isRejected) return;
    const form = formRef.current;
    (form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('input, textarea'))?.focus();
  }, [isRejected]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !isSaving) onSave();
  };

  if (isOpen) {
    return (
      <div className={row}>
        <form ref={formRef} onSubmit={submit} aria-label={label} aria-busy={isSaving} className={editor}>
          {children}
          <div className={actions}>
            <Button type="submit" isDisabled={!canSave || isSaving}>
              {isSaving ? controls.saving : controls.save}
              <span className={visuallyHidden}> {label}</span>
            </Button>
            <Button variant="secondary" onPress={onCancel} isDisabled={isSaving}>
              {controls.cancel}
              <span className={visuallyHidden}> {label}</span>
            </Button>
          </div>
        </form>
      </div>
    );
  }

  const isEmpty = value === null || value === undefined || value === '';
  return (
    <div className={row}>
      <div ref={displayRef} className={display}>
        <span className={labelStyle}>{label}</span>
        <span className={isEmpty ? missing : valueStyle}>{isEmpty ? profileMessages.notSet : value}</span>
        {isEditable ? (
          <Button variant="secondary" onPress={onEdit} isDisabled={isEditDisabled}>
            {controls.edit}
            <span className={visuallyHidden}> {label}</span>
          </Button>
        ) : null}
      </div>
      {hint ? <p className={hintStyle}>{hint}</p> : null}
    </div>
  );
}
