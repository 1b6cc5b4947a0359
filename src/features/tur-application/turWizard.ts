import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { selectValues } from '../../../machines/application-wizard/selectors.ts';
import { useMemo } from 'react';
import type { LookupItem } from '../../../domain/lookups.ts';
import type { TurApplication } from '../../../domain/tur/turApplication.ts';
import { turWizardDefinition } from '../../../domain/tur/turWizard.ts';
import type { FieldOption } from '../../../domain/wizardFields.ts';
import type { ApiClient } from '../../api/client.ts';
import { parentLookupId } from '../../api/lookupIds.ts';
import { typologyQueries } from '../../api/typology.ts';
import type { FundLookups, FundWizard } from '../application-wizard/FundApplicationWizard.tsx';
import type { ApplicationWizardActor } from '../application-wizard/useApplicationWizard.ts';

const none: FieldOption[] = [];

/** ISTAT places as the TUR values hold them: codes as strings (spec §7). */
const withCodes = (items: readonly LookupItem[] | undefined): FieldOption[] | undefined =>
  items?.map((item) => ({ id: String(item.id), name: item.name }));

/**
 * The TUR form's reference lists, by the `source` names of TUR_FIELDS: Regione → Provincia → Comune from the
 * ISTAT lookups the organisation form uses (each waits for the choice above it), the thematic areas and the
 * design levels.
 */
function useTurLookups(api: ApiClient, actor: ApplicationWizardActor): FundLookups {
  // Partial while the application loads (the values are {} until then): no region is chosen yet.
  const values = useSelector(actor, selectValues) as Partial<TurApplication>;
  const region = parentLookupId(values.progRegione);
  const province = parentLookupId(values.progProvincia);

  const regions = useQuery(typologyQueries.regioni(api));
  const provinces = useQuery(typologyQueries.province(api, region));
  const comuni = useQuery(typologyQueries.comuni(api, province));
  const areas = useQuery(typologyQueries.areeTematiche(api));
  const designLevels = useQuery(typologyQueries.livelliProgettazione(api));

  const regionOptions = useMemo(() => withCodes(regions.data), [regions.data]);
  const provinceOptions = useMemo(() => withCodes(provinces.data), [provinces.data]);
  const comuneOptions = useMemo(() => withCodes(comuni.data), [comuni.data]);
  return {
    regioni: regionOptions,
    provinceOfRegion: region === null ? none : provinceOptions,
    comuniOfProvince: province === null ? none : comuneOptions,
    areeTematiche: areas.data,
    designLevels: designLevels.data,
  };
}

/** The TUR wizard in the browser: spec §2 Application wizard TUR. */
export const turWizard: FundWizard<TurApplication> = {
  definition: turWizardDefinition,
  useLookups: useTurLookups,
};
