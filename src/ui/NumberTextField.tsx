import { useState, type ReactNode } from 'react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { keepDecimalInput, parseDecimalInput } from '../../domain/decimal.ts';
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
  /** Digits allowed after the comma or dot: 0 keeps digits only. */
  decimals: number;
  /** How the number reads while the box is not being edited ("1.234,50"). */
  format(value: number): string;
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

/**
 * A number typed the Italian way (spec §5): only digits and one comma or dot are let in, the box keeps the
 * text as typed ("12," while typing) and reports the number it means; once the person leaves the box it shows
 * the number formatted. A text box rather than a spin button, so "1234,5" is never reinterpreted mid-typing.
 */
export function NumberTextField({
  label,
  value,
  onChange,
  decimals,
  format,
  unit,
  description,
  errorMessage,
  isRequired,
  onBlur,
  ...props
}: NumberTextFieldProps) {
  // Non-null while the person is editing: their text, exactly as kept.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (value === null ? '' : format(value));
  return (
    <AriaTextField
      {...props}
      value={shown}
      onChange={(text) => {
        const kept = keepDecimalInput(text, decimals);
        setTyped(kept);
        onChange(parseDecimalInput(kept));
      }}
      onBlur={() => {
        setTyped(null);
        onBlur?.();
      }}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
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
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
