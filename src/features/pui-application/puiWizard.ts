import { useSelector } from '@xstate/react';
import { selectIsReadOnly, selectValues } from '../../../machines/application-wizard/selectors.ts';
import { useEffect, useMemo } from 'react';
import type { PuiApplication } from '../../../domain/pui/puiApplication.ts';
import { puiWizardDefinition } from '../../../domain/pui/puiWizard.ts';
import type { FieldOption } from '../../../domain/wizardFields.ts';
import type { ApiClient } from '../../api/client.ts';
import { parentLookupId } from '../../api/lookupIds.ts';
import {
  useCittaMetropolitane,
  useComuniOfCity,
  useLivelliProgettazione,
  usePuiFinalitaGenerali,
  usePuiObiettiviGenerali,
  usePuiObiettiviSpecifici,
  usePuiOfCity,
  useRegionOfCity,
  useTipologieProgettiFinanziabili,
} from '../../api/puiLookups.ts';
import type { FundLookups, FundWizard } from '../application-wizard/FundApplicationWizard.tsx';
import type { ApplicationWizardActor } from '../application-wizard/useApplicationWizard.ts';

const none: FieldOption[] = [];

/**
 * The PUI form's reference lists, by the `source` names of PUI_FIELDS: those that depend on a choice (the
 * city, the general objective) are empty until it is made. The region is the city's (spec §3: read-only,
 * derived): it is filled in as soon as the city's region is known.
 */
function usePuiLookups(api: ApiClient, actor: ApplicationWizardActor): FundLookups {
  // Partial while the application loads (the values are {} until then): no city is chosen yet.
  const values = useSelector(actor, selectValues) as Partial<PuiApplication>;
  const readOnly = useSelector(actor, selectIsReadOnly);
  const city = parentLookupId(values.progCittaMetropolitana);
  const objective = values.obbGenerale ?? null;

  const cities = useCittaMetropolitane(api);
  const comuni = useComuniOfCity(api, city);
  const region = useRegionOfCity(api, city);
  const plans = usePuiOfCity(api, city);
  const purposes = usePuiFinalitaGenerali(api);
  const objectives = usePuiObiettiviGenerali(api);
  const specificObjectives = usePuiObiettiviSpecifici(api, objective, city);
  const interventionTypes = useTipologieProgettiFinanziabili(api);
  const designLevels = useLivelliProgettazione(api);

  // The region's ISTAT code, as a string (as TUR's region): shown by its name through the `regioni` list below.
  const regionCode = city === null ? '' : region.data && String(region.data.id);
  useEffect(() => {
    if (readOnly || regionCode === undefined || regionCode === values.progRegione) return;
    actor.send({ type: 'field.change', field: 'progRegione', value: regionCode });
  }, [actor, readOnly, regionCode, values.progRegione]);
  const regionOptions = useMemo(() => (region.data ? [{ id: String(region.data.id), name: region.data.name }] : none), [region.data]);

  return {
    regioni: city === null ? none : regionOptions,
    cities: cities.data,
    comuniOfCity: city === null ? none : comuni.data,
    puiOfCity: city === null ? none : plans.data,
    finalitaGenerali: purposes.data,
    obiettiviGenerali: objectives.data,
    obiettiviSpecifici: city === null || objective === null ? none : specificObjectives.data,
    tipiIntervento: interventionTypes.data,
    designLevels: designLevels.data,
  };
}

/** The PUI wizard in the browser: spec §2 Application wizard PUI. */
export const puiWizard: FundWizard<PuiApplication> = {
  definition: puiWizardDefinition,
  useLookups: usePuiLookups,
};
