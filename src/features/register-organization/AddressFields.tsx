import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ProvinceItem } from '../../../domain/lookups.ts';
import { registerOrganizationMessages } from '../../../domain/messages/registerOrganization.ts';
import { CAP_LENGTH, NUM_CIVICO_MAX_LENGTH, organizationFieldLabels as labels } from '../../../domain/organization.ts';
import { typologyQueries } from '../../api/typology.ts';
import { ComboBox } from '../../ui/ComboBox.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { grid, wide } from './RegisterOrganization.css.ts';
import { bindText, type RegistrationForm } from './useRegistrationForm.ts';

const r = registerOrganizationMessages;

// People know provinces by their abbreviation as much as by name.
const withSigla = (provinces: ProvinceItem[]) => provinces.map((item) => ({ id: item.id, name: `${item.name} (${item.sigla})` }));

/**
 * Where the organisation is: region → province → comune from the lookups, then street, number and CAP. Each list's
 * field waits for it and says if it could not be loaded by itself (src/ui/options.ts).
 */
export function AddressFields({ form }: { form: RegistrationForm }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const { region, province, comune } = form.values;
  const regioni = useQuery(typologyQueries.regioni(api));
  const provinceList = useQuery({ ...typologyQueries.province(api, region), select: withSigla });
  const comuni = useQuery(typologyQueries.comuni(api, province));

  return (
    <section aria-labelledby="address-heading">
      <h2 id="address-heading">{r.addressSection}</h2>
      <div className={grid}>
        <Select
          label={labels.region}
          name="region"
          lookup={regioni}
          value={region}
          onChange={(value) => form.change({ field: 'region', value: value === null ? null : Number(value) })}
          onBlur={() => form.touch('region')}
          errorMessage={form.errorOf('region')}
        />
        <Select
          label={labels.province}
          name="province"
          lookup={provinceList}
          isDisabled={region === null}
          description={region === null ? r.selectRegionFirst : undefined}
          value={province}
          onChange={(value) => form.change({ field: 'province', value: value === null ? null : Number(value) })}
          onBlur={() => form.touch('province')}
          errorMessage={form.errorOf('province')}
        />
        <ComboBox
          label={labels.comune}
          name="comune"
          lookup={comuni}
          isDisabled={province === null}
          description={province === null ? r.selectProvinceFirst : undefined}
          value={comune}
          onChange={(value) => form.change({ field: 'comune', value: value === null ? null : Number(value) })}
          onBlur={() => form.touch('comune')}
          errorMessage={form.errorOf('comune')}
        />
        <div className={wide}>
          <TextField label={labels.address} autoComplete="address-line1" {...bindText(form, 'address')} />
        </div>
        <TextField
          label={labels.numCivico}
          maxLength={NUM_CIVICO_MAX_LENGTH}
          description={r.numCivicoHint}
          {...bindText(form, 'numCivico')}
        />
        <TextField
          label={labels.cap}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={CAP_LENGTH}
          description={r.capHint}
          {...bindText(form, 'cap')}
        />
      </div>
    </section>
  );
}
