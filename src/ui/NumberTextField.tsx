import { useState, type ReactNode } from 'react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { decimalsOf, formatItalianNumberOfKind, parseItalianNumber, type ItalianNumberKind } from '../../domain/italianNumbers.ts';
import { italianNumberError } from '../../domain/messages/numbers.ts';
import { visuallyHidden } from '../../styles/visuallyHidden.css.ts';
import { field, input } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { box, row, unit as unitStyle } from './NumberTextField.css.ts';

export interface NumberTextFieldProps {
  label: ReactNode;
  /** The number the box stands for; null when empty or unreadable. */
  value: number | null;
  onChange(value: number | null): void;
  /** Amounts and quantities take two decimals, counts none; the kind also names the example of the error. */
  kind: ItalianNumberKind;
  /** Shown after the box ('€', 'm²', 'mesi') and read with the label. */
  unit?: string;
  description?: ReactNode;
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  onBlur?(): void;
  name?: string;
}

/** What the person typed and the number it was read as: the text stays theirs until the number changes elsewhere. */
interface Typed {
  text: string;
  reported: number | null;
}

/**
 * A number typed the Italian way (spec §5, domain/italianNumbers.ts): "1.200.000,50", "1200000,5" and
 * "1 200 000" all mean what an Italian reader reads. The box never rewrites the text under the cursor: it
 * reports the number the text means (null while it means none) and, once the person leaves it, shows the
 * number formatted — or, when the text is not a number, keeps it and says which form is expected.
 */
export function NumberTextField({
  label,
  value,
  onChange,
  kind,
  unit,
  description,
  errorMessage,
  isRequired,
  onBlur,
  ...props
}: NumberTextFieldProps) {
  const [typed, setTyped] = useState<Typed | null>(null);
  const [editing, setEditing] = useState(false);
  // A number set elsewhere (a dependent reset, a reloaded draft) replaces what was typed.
  const own = typed !== null && typed.reported === value ? typed : null;
  const reading = own === null ? null : parseItalianNumber(own.text, decimalsOf(kind));
  const readable = reading === null || reading.ok;
  const shown = own !== null && (editing || !readable) ? own.text : value === null ? '' : formatItalianNumberOfKind(value, kind);
  const readingError = reading !== null && !editing ? italianNumberError(reading, kind) : null;
  const shownError = readingError ?? errorMessage ?? null;
  return (
    <AriaTextField
      {...props}
      value={shown}
      onChange={(text) => {
        const next = parseItalianNumber(text, decimalsOf(kind));
        const number = next.ok ? next.value : null;
        setTyped({ text, reported: number });
        setEditing(true);
        if (number !== value) onChange(number);
      }}
      onBlur={() => {
        setEditing(false);
        onBlur?.();
      }}
      inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
      autoComplete="off"
      isRequired={isRequired}
      isInvalid={Boolean(shownError)}
      validationBehavior="aria"
      className={field}
    >
      <FieldLabel isRequired={isRequired}>
        {label}
        {unit ? <span className={visuallyHidden}> ({unit})</span> : null}
      </FieldLabel>
      <div className={row}>
        <Input className={`${input} ${box}`} />
        {unit ? (
          <span className={unitStyle} aria-hidden="true">
            {unit}
          </span>
        ) : null}
      </div>
      <FieldHelp description={description} errorMessage={shownError} />
    </AriaTextField>
  );
}
