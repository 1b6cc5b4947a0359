import { memo, useState } from 'react';
import { parseDate } from '@internationalized/date';
import { applicationFormMessages } from '../../../domain/messages/applicationForm.ts';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import {
  isFieldEnabled,
  isFieldRequired,
  isFieldVisible,
  readPath,
  type FieldOption,
  type FieldSpec,
} from '../../../domain/wizardFields.ts';
import { CheckboxGroup } from '../../ui/CheckboxGroup.tsx';
import { ComboBox } from '../../ui/ComboBox.tsx';
import { DatePicker } from '../../ui/DatePicker.tsx';
import { NumberTextField } from '../../ui/NumberTextField.tsx';
import { RadioGroup } from '../../ui/RadioGroup.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { fieldDisplayText } from '../../../domain/fieldDisplay.ts';
import { ReadOnlyField } from '../../ui/ReadOnlyField.tsx';
import { Link as AriaLink } from 'react-aria-components';
import { link } from '../../ui/Link.css.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';

const form = applicationFormMessages;
const view = wizardViewMessages;

/** Longer lists than this are chosen by typing (ComboBox) or get a search box (checkboxes). */
const LONG_LIST = 20;
const SEARCHABLE_CHECKBOXES = 12;

const BOOLEAN_OPTIONS = [
  { id: 'true', name: form.yes },
  { id: 'false', name: form.no },
];

export interface WizardFieldProps {
  field: FieldSpec;
  /** The whole application's values: conditions look at other fields. */
  values: unknown;
  /** What is wrong with this field's value (Italian), or null. */
  issue?: string | null;
  /** After a submit attempt every issue shows, touched or not. */
  showAllIssues?: boolean;
  /** Admin or submitted application: shown, never editable. */
  readOnly?: boolean;
  /** Read-only in the Riepilogo: «Modifica» beside the value takes the person to the field's step. */
  onEdit?(name: string): void;
  /** The choices of a `source` field, undefined while they load; a field's own `options` win. */
  options?: readonly FieldOption[];
  onChange(name: string, value: unknown): void;
}

/** The hint under a field: its own help, and the length it must have. */
function helpText(field: FieldSpec): string | undefined {
  const length =
    field.kind === 'textarea' && field.minLength !== undefined && field.maxLength !== undefined
      ? view.lengthRange(field.minLength, field.maxLength)
      : undefined;
  if (field.help && length) return `${field.help}. ${length}`;
  return field.help ?? length;
}

/**
 * One field of an application wizard, drawn from its description (domain/wizardFields.ts): hidden when its
 * condition does not hold, disabled when it may not be edited, '*' when it must be filled. Its problem shows
 * once the person has left the field or tried to submit — except on a computed field, which nobody types
 * in: its problem (the end of works past the call's limit) comes from other answers and shows at once.
 */
export const WizardField = memo(WizardFieldView, showsTheSame);

/**
 * Whether a field would draw what it drew: the same description, problem, choices and handler, and the same value
 * and conditions read from the application. `values` is a new object on every key typed anywhere in the step, and
 * most fields do not depend on that key: this keeps a keystroke to the field typed in (and those whose conditions
 * it changes) instead of the whole step, which on a TUR step was about 10 ms of rendering per key.
 */
function showsTheSame(previous: WizardFieldProps, next: WizardFieldProps): boolean {
  const { field } = next;
  return (
    previous.field === field &&
    previous.issue === next.issue &&
    previous.showAllIssues === next.showAllIssues &&
    previous.readOnly === next.readOnly &&
    previous.onEdit === next.onEdit &&
    previous.options === next.options &&
    previous.onChange === next.onChange &&
    Object.is(readPath(previous.values, field.name), readPath(next.values, field.name)) &&
    isFieldVisible(previous.values, field) === isFieldVisible(next.values, field) &&
    isFieldEnabled(previous.values, field) === isFieldEnabled(next.values, field) &&
    isFieldRequired(previous.values, field) === isFieldRequired(next.values, field)
  );
}

function WizardFieldView({ field, values, issue, showAllIssues = false, readOnly = false, options, onChange, onEdit }: WizardFieldProps) {
  const [touched, setTouched] = useState(false);
  if (!isFieldVisible(values, field)) return null;

  const value = readPath(values, field.name);
  const choices = field.options ?? options;
  const isComputed = field.kind === 'computed' || field.derived === true;
  const isRequired = isFieldRequired(values, field);
  const isDisabled = !isFieldEnabled(values, field);
  const errorMessage = issue && !readOnly && (showAllIssues || touched || isComputed) ? issue : null;
  const touch = () => setTouched(true);
  const change = (next: unknown) => onChange(field.name, next);
  const common = { label: field.label, name: field.name, isRequired, errorMessage, onBlur: touch };

  if (readOnly) {
    // Read as the wizard shows it beside the box: the unit after the number, every line of a long answer.
    return (
      <ReadOnlyField
        label={field.label}
        value={fieldDisplayText(field, value, choices, { withUnit: true })}
        emptyText={form.notAnswered}
        action={
          onEdit ? (
            <AriaLink className={link} onPress={() => onEdit(field.name)}>
              {view.editAnswer}
              <span className={visuallyHidden}> {field.label}</span>
            </AriaLink>
          ) : undefined
        }
      />
    );
  }
  if (isComputed) {
    const text = fieldDisplayText(field, value, choices);
    if (field.kind === 'textarea' || field.kind === 'multiselect') {
      const lines = field.kind === 'multiselect' ? Math.max(2, text.split('\n').length) : 5;
      return <TextAreaField {...common} value={text} rows={lines} isReadOnly description={field.help} />;
    }
    return <TextField {...common} value={text} isReadOnly description={field.help} />;
  }

  const description = choices === undefined && field.source ? view.optionsLoading : helpText(field);
  const choicesMissing = (field.kind === 'select' || field.kind === 'multiselect') && (choices === undefined || choices.length === 0);
  const controlDisabled = isDisabled || choicesMissing;

  switch (field.kind) {
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={change}
          maxLength={field.maxLength}
          description={description}
          isDisabled={isDisabled}
        />
      );
    case 'integer':
      return (
        <NumberTextField
          {...common}
          value={typeof value === 'number' ? value : null}
          onChange={change}
          kind="integer"
          unit={field.unit}
          description={description}
          isDisabled={isDisabled}
        />
      );
    case 'amount':
    case 'decimal':
      return (
        <NumberTextField
          {...common}
          value={typeof value === 'number' ? value : null}
          onChange={change}
          kind={field.kind}
          unit={field.unit}
          description={description}
          isDisabled={isDisabled}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          value={typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDate(value) : null}
          onChange={(date) => change(date === null ? null : date.toString())}
          description={description}
          isDisabled={isDisabled}
        />
      );
    case 'boolean':
      return (
        <RadioGroup
          {...common}
          options={BOOLEAN_OPTIONS}
          value={value === true ? 'true' : value === false ? 'false' : null}
          onChange={(id) => {
            touch();
            change(id === 'true');
          }}
          description={description}
          isDisabled={isDisabled}
        />
      );
    case 'yesNo': {
      const { yes, no } = field.answers ?? { yes: 'SI', no: 'NO' };
      return (
        <RadioGroup
          {...common}
          options={[
            { id: yes, name: form.yes },
            { id: no, name: form.no },
          ]}
          value={value === yes || value === no ? value : null}
          onChange={(id) => {
            touch();
            change(id);
          }}
          description={description}
          isDisabled={isDisabled}
        />
      );
    }
    case 'select': {
      const items = choices ?? [];
      const selectProps = {
        ...common,
        items,
        value: typeof value === 'string' || typeof value === 'number' ? value : null,
        onChange: (id: FieldOption['id'] | null) => {
          touch();
          change(id);
        },
        description: choices?.length === 0 ? view.noOptions : description,
        isDisabled: controlDisabled,
      };
      // An optional choice can be taken back to no answer (spec §3: tipoMobilitaSostenibile is "clearable, optional").
      return items.length > LONG_LIST ? <ComboBox {...selectProps} /> : <Select {...selectProps} isClearable={!isRequired} />;
    }
    case 'multiselect': {
      const items = choices ?? [];
      const chosen = Array.isArray(value) ? value : [];
      return (
        <CheckboxGroup
          {...common}
          options={items.map((option) => ({ id: String(option.id), name: option.name }))}
          value={chosen.map(String)}
          onChange={(ids) => {
            touch();
            // Back to the options' own ids (numbers stay numbers), in the list's order.
            change(items.filter((option) => ids.includes(String(option.id))).map((option) => option.id));
          }}
          description={choices?.length === 0 ? view.noOptions : description}
          isDisabled={controlDisabled}
          searchLabel={items.length > SEARCHABLE_CHECKBOXES ? view.filterOptions(field.label) : undefined}
        />
      );
    }
    default:
      return (
        <TextField
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={change}
          description={description}
          isDisabled={isDisabled}
        />
      );
  }
}
