import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { organizationFieldLabels } from '../../../domain/organization.ts';
import type { FieldErrors, FieldValues } from '../../../machines/field-edit/types.ts';
import { typologyQueries } from '../../api/typology.ts';
import { ComboBox } from '../../ui/ComboBox.tsx';
import { Select } from '../../ui/Select.tsx';
import { territoryChanges, type TerritoryKey } from './profileValues.ts';

interface TerritoryEditorProps {
  draft: FieldValues;
  errors: FieldErrors;
  isDisabled: boolean;
  onChange(changes: FieldValues): void;
}

const idOf = (value: FieldValues[string] | undefined): number | null =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;

/**
 * Regione, Provincia, Comune: each list depends on the choice above it (spec §4 resets); the comune is the page's Città.
 * Each list's field waits for it and says if it could not be loaded by itself (src/ui/options.ts), as on the
 * registration form.
 */
export function TerritoryEditor({ draft, errors, isDisabled, onChange }: TerritoryEditorProps) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const region = idOf(draft.region);
  const province = idOf(draft.province);
  const regioni = useQuery(typologyQueries.regioni(api));
  const province_ = useQuery(typologyQueries.province(api, region));
  const comuni = useQuery(typologyQueries.comuni(api, province));
  const change = (key: TerritoryKey) => (id: number | null) => onChange(territoryChanges(key, id === null ? '' : String(id)));

  return (
    <>
      <Select
        label={organizationFieldLabels.region}
        lookup={regioni}
        value={region}
        onChange={change('region')}
        errorMessage={errors.region ?? null}
        isDisabled={isDisabled}
      />
      <Select
        label={organizationFieldLabels.province}
        lookup={province_}
        value={province}
        onChange={change('province')}
        errorMessage={errors.province ?? null}
        isDisabled={isDisabled || region === null}
      />
      <ComboBox
        label={organizationFieldLabels.comune}
        lookup={comuni}
        value={idOf(draft.comune)}
        onChange={change('comune')}
        errorMessage={errors.comune ?? null}
        isRequired
        isDisabled={isDisabled || province === null}
      />
    </>
  );
}
