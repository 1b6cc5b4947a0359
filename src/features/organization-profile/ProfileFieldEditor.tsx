import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { FISCAL_CODE_LENGTH, fiscalCodeAsTyped } from '../../../domain/fiscalCode.ts';
import {
  FORMA_GIURIDICA_ALTRO_ID,
  organizationFieldLabels,
  PERCENT_PARTICIPATION_MAX_CHARS,
  TELEPHONE_MAX_LENGTH,
} from '../../../domain/organization.ts';
import type { FieldErrors, FieldValues } from '../../../machines/field-edit/types.ts';
import { profileMessages } from '../../../domain/messages/profile.ts';
import { typologyQueries } from '../../api/typology.ts';
import { DatePicker } from '../../ui/DatePicker.tsx';
import { Select } from '../../ui/Select.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { fieldGroup, fieldGroupLegend } from './OrganizationProfile.css.ts';
import type { ProfileField } from './profileFields.ts';
import { dependentChanges } from './profileValues.ts';
import { calendarDateOf, isoWithOffsetOf } from './storedDate.ts';
import { TerritoryEditor } from './TerritoryEditor.tsx';

export interface ProfileFieldEditorProps {
  field: ProfileField;
  draft: FieldValues;
  errors: FieldErrors;
  isDisabled: boolean;
  onChange(changes: FieldValues): void;
}

const textOf = (value: FieldValues[string] | undefined) => (typeof value === 'string' ? value : '');

/** The inputs of one open profile field. */
export function ProfileFieldEditor({ field, draft, errors, isDisabled, onChange }: ProfileFieldEditorProps) {
  const common = {
    label: field.label,
    name: field.id,
    isRequired: field.isRequired,
    isDisabled,
    errorMessage: errors[field.id] ?? null,
  };
  const set = (key: string) => (value: string | boolean) => onChange(dependentChanges(key, value));

  switch (field.kind) {
    case 'textarea':
      return <TextAreaField {...common} value={textOf(draft[field.id])} onChange={set(field.id)} maxLength={field.maxLength} />;
    case 'date':
      return (
        <DatePicker
          {...common}
          value={calendarDateOf(draft[field.id])}
          onChange={(date) => onChange({ [field.id]: isoWithOffsetOf(date) })}
        />
      );
    case 'formaGiuridica':
      return <FormaGiuridicaEditor {...common} draft={draft} errors={errors} set={set} />;
    case 'participation':
      return (
        <>
          <Switch isSelected={draft.publicParticipation === true} onChange={set('publicParticipation')} isDisabled={isDisabled}>
            {field.label}
          </Switch>
          {draft.publicParticipation === true ? (
            <TextField
              label={organizationFieldLabels.percentParticipation}
              name="percentParticipation"
              value={textOf(draft.percentParticipation)}
              onChange={set('percentParticipation')}
              errorMessage={errors.percentParticipation ?? null}
              isRequired
              isDisabled={isDisabled}
              inputMode="numeric"
              maxLength={PERCENT_PARTICIPATION_MAX_CHARS}
            />
          ) : null}
        </>
      );
    case 'territory':
      return (
        <fieldset className={fieldGroup}>
          <legend className={fieldGroupLegend}>{field.label}</legend>
          <TerritoryEditor draft={draft} errors={errors} isDisabled={isDisabled} onChange={onChange} />
        </fieldset>
      );
    case 'fiscalCode':
      return <FiscalCodeField {...common} value={textOf(draft[field.id])} onChange={set(field.id)} />;
    case 'secondRepresentative':
      return (
        <fieldset className={fieldGroup}>
          <legend className={fieldGroupLegend}>{field.label}</legend>
          <p>{profileMessages.secondRepresentativeHint}</p>
          {(['secondoLegaleRappresentanteNome', 'secondoLegaleRappresentanteCognome'] as const).map((key) => (
            <TextField
              key={key}
              label={organizationFieldLabels[key]!}
              name={key}
              value={textOf(draft[key])}
              onChange={set(key)}
              errorMessage={errors[key] ?? null}
              isDisabled={isDisabled}
            />
          ))}
          <FiscalCodeField
            label={organizationFieldLabels.secondoLegaleRappresentanteCodiceFiscale!}
            name="secondoLegaleRappresentanteCodiceFiscale"
            value={textOf(draft.secondoLegaleRappresentanteCodiceFiscale)}
            onChange={set('secondoLegaleRappresentanteCodiceFiscale')}
            errorMessage={errors.secondoLegaleRappresentanteCodiceFiscale ?? null}
            isDisabled={isDisabled}
          />
          <Switch isSelected={draft.firmaCongiunta === true} onChange={set('firmaCongiunta')} isDisabled={isDisabled}>
            {organizationFieldLabels.firmaCongiunta}
          </Switch>
        </fieldset>
      );
    default:
      return (
        <TextField
          {...common}
          value={textOf(draft[field.id])}
          onChange={set(field.id)}
          type={field.kind === 'email' ? 'email' : field.kind === 'tel' ? 'tel' : 'text'}
          inputMode={field.kind === 'digits' ? 'numeric' : undefined}
          maxLength={field.kind === 'tel' ? TELEPHONE_MAX_LENGTH : field.maxLength}
          description={field.hint}
          autoComplete={field.autoComplete}
        />
      );
  }
}

interface FiscalCodeFieldProps {
  label: string;
  name: string;
  value: string;
  isRequired?: boolean;
  isDisabled: boolean;
  errorMessage: string | null;
  onChange(value: string): void;
}

/** A person's codice fiscale: upper case as typed, spaces dropped, 16 characters at most. */
function FiscalCodeField({ onChange, ...props }: FiscalCodeFieldProps) {
  return <TextField {...props} onChange={(value) => onChange(fiscalCodeAsTyped(value))} maxLength={FISCAL_CODE_LENGTH} />;
}

interface FormaGiuridicaEditorProps {
  label: string;
  isRequired: boolean;
  isDisabled: boolean;
  errorMessage: string | null;
  draft: FieldValues;
  errors: FieldErrors;
  set(key: string): (value: string | boolean) => void;
}

/** The legal form; "Altro" (id 8) asks for its text (spec §5). */
function FormaGiuridicaEditor({ label, isRequired, isDisabled, errorMessage, draft, errors, set }: FormaGiuridicaEditorProps) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const forms = useQuery(typologyQueries.formeGiuridiche(api));
  const value = textOf(draft.formaGiuridica);
  return (
    <>
      <Select
        label={label}
        lookup={forms}
        value={/^\d+$/.test(value) ? Number(value) : null}
        onChange={(id) => set('formaGiuridica')(id === null ? '' : String(id))}
        errorMessage={errorMessage}
        isRequired={isRequired}
        isDisabled={isDisabled}
      />
      {value === String(FORMA_GIURIDICA_ALTRO_ID) ? (
        <TextField
          label={organizationFieldLabels.altro}
          name="altro"
          value={textOf(draft.altro)}
          onChange={set('altro')}
          errorMessage={errors.altro ?? null}
          isRequired
          isDisabled={isDisabled}
        />
      ) : null}
    </>
  );
}
