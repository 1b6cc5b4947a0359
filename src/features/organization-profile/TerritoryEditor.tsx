import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { registerOrganizationMessages } from '../../../domain/messages/registerOrganization.ts';
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

const failedHint = (failed: boolean) => (failed ? registerOrganizationMessages.lookupFailed : undefined);

/**
 * Regione, Provincia, Comune: each list depends on the choice above it (spec §4 resets); the comune is the page's Città.
 * A list opens for typing only once it has arrived, as on the registration form: a comune typed into a list still loading
 * would find nothing and stay closed when the names came.
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
        items={regioni.data ?? []}
        value={region}
        onChange={change('region')}
        description={failedHint(regioni.isError)}
        errorMessage={errors.region ?? null}
        isDisabled={isDisabled || regioni.data === undefined}
      />
      <Select
        label={organizationFieldLabels.province}
        items={province_.data ?? []}
        value={province}
        onChange={change('province')}
        description={failedHint(province_.isError)}
        errorMessage={errors.province ?? null}
        isDisabled={isDisabled || region === null || province_.data === undefined}
      />
      <ComboBox
        label={organizationFieldLabels.comune}
        items={comuni.data ?? []}
        value={idOf(draft.comune)}
        onChange={change('comune')}
        description={failedHint(comuni.isError)}
        errorMessage={errors.comune ?? null}
        isRequired
        isDisabled={isDisabled || province === null || comuni.data === undefined}
      />
    </>
  );
}
