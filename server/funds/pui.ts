import type { PuiApplication } from '../../domain/pui/puiApplication.ts';
import { applyPuiChange } from '../../domain/pui/puiRules.ts';
import { puiWizardDefinition } from '../../domain/pui/puiWizard.ts';
import { FUND_REGISTRY } from '../../domain/funds.ts';
import { puiReferencesMessages } from '../../domain/messages/puiReferences.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import type { FieldIssue } from '../../domain/wizard.ts';
import type { FundApplicationModule, ServerFund } from '../applications/fundModule.ts';
import { puiLookupsRoutes } from '../routes/puiLookups.routes.ts';
import type { ReferenceData } from '../reference/referenceData.ts';
import type { Territory } from '../reference/territory.ts';

const m = { ...submissionMessages, ...puiReferencesMessages };

/** Where a PUI project may be and which reference items it may name (server/reference/lists). */
export interface PuiPlaces {
  /** The ISTAT code of a metropolitan city's region, as the values hold it (a string); undefined for an unknown city. */
  regionOfCity(cityId: number): string | undefined;
  isComuneOfCity(cityId: number, comuneId: number): boolean;
  /** Why a comune can no longer be chosen (suppressed, or of a suppressed province); undefined otherwise. */
  comuneRefusal(comuneId: number): string | undefined;
  isPuiOfCity(cityId: number, puiId: number): boolean;
  isObiettivoSpecifico(obbGeneraleId: number, cityId: number, id: number): boolean;
  isTipoIntervento(id: number): boolean;
  isLivelloProgettazione(id: number): boolean;
}

/** The places from the ISTAT territory and the reference data (each city has the province whose territory it has). */
export function createPuiPlaces(territory: Territory, reference: ReferenceData): PuiPlaces {
  const provinceOf = new Map(reference.cittaMetropolitane.map((city) => [city.id, city.provinceId]));
  const tipi = new Set(reference.tipologieProgettiFinanziabili.map((item) => item.id));
  const livelli = new Set(reference.livelliProgettazione.map((item) => item.id));
  return {
    regionOfCity(cityId) {
      const province = territory.province(provinceOf.get(cityId) ?? -1);
      const region = province ? territory.region(province.regionId) : undefined;
      return region ? String(region.id) : undefined;
    },
    isComuneOfCity(cityId, comuneId) {
      const provinceId = provinceOf.get(cityId);
      return provinceId !== undefined && territory.comune(comuneId)?.provinceId === provinceId;
    },
    comuneRefusal: (comuneId) => territory.comuneRefusal(comuneId),
    isPuiOfCity: (cityId, puiId) => reference.puiOfCity(cityId).some((item) => item.id === puiId),
    isObiettivoSpecifico: (obbGeneraleId, cityId, id) =>
      reference.obiettiviSpecificiOf(obbGeneraleId, cityId).some((item) => item.id === id),
    isTipoIntervento: (id) => tipi.has(id),
    isLivelloProgettazione: (id) => livelli.has(id),
  };
}

/**
 * The values as stored: answers that other answers hide or disable are cleared (the PUI code without an
 * inherent PUI, an indicator's numbers without SI — spec §4), the region is the city's, and the computed
 * values are recomputed (by the submission service). What the client computed is never kept.
 */
function prepare(places: PuiPlaces, values: PuiApplication): PuiApplication {
  // Setting progInherentPui to itself applies every reset that holds whatever changed.
  const prepared = applyPuiChange(values, 'progInherentPui', values.progInherentPui);
  const city = prepared.progCittaMetropolitana;
  const progRegione = city === null ? '' : (places.regionOfCity(city) ?? '');
  return { ...prepared, progRegione };
}

/** Where the project is and what it names: the city's comune, plans and objectives, known types and levels. */
function placeIssues(places: PuiPlaces, values: PuiApplication): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const unknown = (field: string, step: string, message: string) => issues.push({ field, step, message });
  if (values.tipoIntervento.some((id) => !places.isTipoIntervento(id))) unknown('tipoIntervento', 'progetto', m.referenceUnknown);
  if (values.tempiLivello !== null && !places.isLivelloProgettazione(values.tempiLivello))
    unknown('tempiLivello', 'tempistiche', m.referenceUnknown);
  const city = values.progCittaMetropolitana;
  if (city === null) return issues;
  if (places.regionOfCity(city) === undefined) {
    unknown('progCittaMetropolitana', 'progetto', m.cityUnknown);
    return issues;
  }
  if (values.progComune !== null && !places.isComuneOfCity(city, values.progComune)) {
    unknown('progComune', 'progetto', places.comuneRefusal(values.progComune) ?? m.comuneNotInCity);
  }
  if (values.puiRiferimento.some((id) => !places.isPuiOfCity(city, id))) unknown('puiRiferimento', 'progetto', m.puiNotInCity);
  const objective = values.obbGenerale;
  if (values.obbSpecifico.some((id) => objective === null || !places.isObiettivoSpecifico(objective, city, id))) {
    unknown('obbSpecifico', 'progetto', m.obiettivoNotInCity);
  }
  return issues;
}

/** The PUI fund on the server: POST /api/Pui/CreatePui's checks over the shared definition. */
export function createPuiFund(territory: Territory, reference: ReferenceData): ServerFund {
  const places = createPuiPlaces(territory, reference);
  const application: FundApplicationModule<PuiApplication> = {
    definition: puiWizardDefinition,
    prepare: (values) => prepare(places, values),
    referenceIssues: (values) => placeIssues(places, values),
  };
  const routes: ServerFund['routes'] = async (app) => {
    await app.register(puiLookupsRoutes, { reference });
  };
  return { entry: FUND_REGISTRY.PUI, application, routes };
}
