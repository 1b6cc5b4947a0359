import { isValid, parseISO } from 'date-fns';
import type { z } from 'zod';
import { messages } from '../../domain/messages.ts';
import { puiApplicationSchema, type PuiApplication } from '../../domain/pui/puiApplication.ts';
import { PUI_FIELDS_BY_NAME } from '../../domain/pui/puiFields.ts';
import { applyPuiChange, PUI_YES_NO_DEPENDENTS, puiWarnings, validatePuiApplication, withPuiComputedValues } from '../../domain/pui/puiRules.ts';
import type { FieldIssue } from '../../domain/wizard.ts';
import type { ReferenceData } from '../seed/referenceData.ts';
import type { Territory } from '../seed/territory.ts';
import type { FundSubmission, ParsedSubmission } from './submitApplication.ts';

const m = messages.puiSubmit;

/**
 * Keys the client sends (spec §7: "full PUI form values with allegatoId, organizationId, status") that the
 * server sets itself: the status (the lifecycle's), the attachments (the attachments module's), the warnings
 * (computed here) and the computed or derived values (spec §4). Dropped before the shape check.
 */
const SERVER_OWNED_FIELDS = ['status', 'allegatoId', 'warningsPui', 'fontiCopertura', 'percTotInvest', 'tempiFineLavoriPrev', 'progRegione'];

/** Where a PUI project may be and which reference items it may name (server/seed/reference). */
export interface PuiPlaces {
  /** The region's name of a metropolitan city; undefined for an unknown city. */
  regionOfCity(cityId: number): string | undefined;
  isComuneOfCity(cityId: number, comuneId: number): boolean;
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
      return province ? territory.region(province.regionId)?.name : undefined;
    },
    isComuneOfCity(cityId, comuneId) {
      const provinceId = provinceOf.get(cityId);
      return provinceId !== undefined && territory.comune(comuneId)?.provinceId === provinceId;
    },
    isPuiOfCity: (cityId, puiId) => reference.puiOfCity(cityId).some((item) => item.id === puiId),
    isObiettivoSpecifico: (obbGeneraleId, cityId, id) => reference.obiettiviSpecificiOf(obbGeneraleId, cityId).some((item) => item.id === id),
    isTipoIntervento: (id) => tipi.has(id),
    isLivelloProgettazione: (id) => livelli.has(id),
  };
}

function problemOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return m.wrongType;
    case 'too_big':
      return m.tooLarge;
    case 'too_small':
      return m.tooSmall;
    case 'invalid_value':
      return m.notAllowed;
    case 'invalid_format':
      return m.badFormat;
    default:
      return m.wrongType;
  }
}

/** Names for what is not one field of the wizard. */
const GROUP_LABELS: Record<string, string> = { puiSurveyDto: "Valutazione d'Impatto", organizationId: 'Organizzazione' };

/** "Totale investimento" for 'costiTotale' (list positions dropped: 'puiRiferimento.1' is the list's). */
function labelOf(path: readonly PropertyKey[]): { field: string; label: string } {
  const field = path.filter((key) => typeof key === 'string').join('.');
  return { field, label: PUI_FIELDS_BY_NAME.get(field)?.label ?? GROUP_LABELS[field] ?? field };
}

function invalid(problems: { path: readonly PropertyKey[]; problem: string }[]): ParsedSubmission<PuiApplication> {
  const issues = problems.map(({ path, problem }) => {
    const { field, label } = labelOf(path);
    return { field, message: `${label}: ${problem}` };
  });
  const named = [...new Set(issues.map((issue) => issue.message))].join('; ');
  return {
    ok: false,
    error: { error: 'validation_error', message: m.invalidFields(named), field: issues[0]?.field, issues },
  };
}

function parse(body: unknown): ParsedSubmission<PuiApplication> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: { error: 'validation_error', message: m.bodyNotObject } };
  }
  const source: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of SERVER_OWNED_FIELDS) delete source[key];
  const parsed = puiApplicationSchema.safeParse(source);
  if (!parsed.success) return invalid(parsed.error.issues.map((issue) => ({ path: issue.path, problem: problemOf(issue) })));
  // The pattern lets through days that do not exist (2026-02-30): they would silently drop the end of works.
  if (parsed.data.tempiInizioLavori !== null && !isValid(parseISO(parsed.data.tempiInizioLavori))) {
    return invalid([{ path: ['tempiInizioLavori'], problem: m.badDate }]);
  }
  return { ok: true, values: parsed.data };
}

/**
 * The values as stored: answers that other answers hide or disable are cleared (the PUI code without an
 * inherent PUI, an indicator's numbers without SI — spec §4), the region is the city's, and the computed
 * values are recomputed. What the client computed is never kept.
 */
function prepare(places: PuiPlaces, values: PuiApplication): PuiApplication {
  let prepared = applyPuiChange(values, 'progInherentPui', values.progInherentPui);
  for (const question of Object.keys(PUI_YES_NO_DEPENDENTS)) {
    const answer = prepared.puiSurveyDto[question as keyof PuiApplication['puiSurveyDto']];
    prepared = applyPuiChange(prepared, `puiSurveyDto.${question}`, answer);
  }
  const city = prepared.progCittaMetropolitana;
  const progRegione = city === null ? '' : (places.regionOfCity(city) ?? '');
  return withPuiComputedValues({ ...prepared, progRegione });
}

/** Where the project is and what it names: the city's comune, plans and objectives, known types and levels. */
function placeIssues(places: PuiPlaces, values: PuiApplication): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const unknown = (field: string, step: string, message: string) => issues.push({ field, step, message });
  if (values.tipoIntervento.some((id) => !places.isTipoIntervento(id))) unknown('tipoIntervento', 'progetto', m.referenceUnknown);
  if (values.tempiLivello !== null && !places.isLivelloProgettazione(values.tempiLivello)) unknown('tempiLivello', 'tempistiche', m.referenceUnknown);
  const city = values.progCittaMetropolitana;
  if (city === null) return issues;
  if (places.regionOfCity(city) === undefined) {
    unknown('progCittaMetropolitana', 'progetto', m.cityUnknown);
    return issues;
  }
  if (values.progComune !== null && !places.isComuneOfCity(city, values.progComune)) unknown('progComune', 'progetto', m.comuneNotInCity);
  if (values.puiRiferimento.some((id) => !places.isPuiOfCity(city, id))) unknown('puiRiferimento', 'progetto', m.puiNotInCity);
  const objective = values.obbGenerale;
  if (values.obbSpecifico.some((id) => objective === null || !places.isObiettivoSpecifico(objective, city, id))) {
    unknown('obbSpecifico', 'progetto', m.obiettivoNotInCity);
  }
  return issues;
}

/** POST /api/Pui/CreatePui's definition for server/applications/submitApplication.ts. */
export function createPuiSubmission(places: PuiPlaces): FundSubmission<PuiApplication> {
  return {
    fund: 'PUI',
    parse,
    prepare: (values) => prepare(places, values),
    validate: (values, call) => [...validatePuiApplication(values, { endOfWorksLimit: call.endOfWorksLimit }), ...placeIssues(places, values)],
    warnings: puiWarnings,
  };
}
