import { COMPILAZIONE_TYPE, fundTitles, type Fund } from './applicationStatus.ts';

/**
 * The table of funds: everything the spec's paths, payloads and screens call a fund by, in one entry per
 * fund. Client and server read names from here instead of writing `fund === 'TUR' ? … : …`; adding a fund
 * adds an entry (and its `domain/<fund>/` folder), never a branch in generic code.
 */
export interface FundEntry {
  /** Stable code, as stored: 'TUR'. */
  fund: string;
  /** The spec's numeric type (spec §3, §9: 0 = TUR, 1 = PUI). */
  compilazioneType: number;
  /** The spec's controller and suffix: /api/Tur/…, GetTurDraft, FileUploadValidationTur, AllegatiTur-…zip. */
  controller: string;
  /** The submit call (spec §7): POST /api/Tur/CreateUpdateTur, /api/Pui/CreatePui. */
  submitPath: string;
  /** The id's query key of Update{Tur|Pui}CompilazioneStatus: turId, puiId. */
  idQueryKey: string;
  /** The warnings' key of the compilation (spec §3): warningsTur, warningsPui. */
  warningsKey: string;
  /** 'Fondo Tematico Turismo Sostenibile'. */
  title: string;
  /** The code in lower case, as the admin's application path has it (spec §2: /admin-organization/survey-tur/{id}). */
  slug: string;
}

export const FUND_REGISTRY = {
  TUR: {
    fund: 'TUR',
    compilazioneType: COMPILAZIONE_TYPE.TUR,
    controller: 'Tur',
    submitPath: '/api/Tur/CreateUpdateTur',
    idQueryKey: 'turId',
    warningsKey: 'warningsTur',
    title: fundTitles.TUR,
    slug: 'tur',
  },
  PUI: {
    fund: 'PUI',
    compilazioneType: COMPILAZIONE_TYPE.PUI,
    controller: 'Pui',
    submitPath: '/api/Pui/CreatePui',
    idQueryKey: 'puiId',
    warningsKey: 'warningsPui',
    title: fundTitles.PUI,
    slug: 'pui',
  },
} as const satisfies Record<Fund, FundEntry & { fund: Fund }>;

/** The entry of one of the portal's funds. */
export function fundEntry(fund: Fund): FundEntry {
  return FUND_REGISTRY[fund];
}
