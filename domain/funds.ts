/**
 * The table of funds: everything the spec's paths, payloads and screens call a fund by, in one entry per
 * fund. Client and server read names from here instead of writing `fund === 'TUR' ? … : …`; adding a fund
 * adds an entry to FUND_TABLE (and its `domain/<fund>/` folder), never a branch in generic code.
 * eslint.config.js refuses a fund's code written anywhere else.
 */
export interface FundEntry {
  /** Stable code, as stored: 'TUR'. */
  fund: string;
  /** The spec's numeric type (spec §3, §9: 0 = TUR, 1 = PUI). */
  compilazioneType: number;
  /** The spec's controller and suffix: /api/Tur/…, GetTurDraft, FileUploadValidationTur, AllegatiTur-…zip. */
  controller: string;
  /** The spec's lower-case name: the admin list's sort keys (tur, -tur) and application page (/admin-organization/survey-tur/…). */
  slug: string;
  /** The submit call (spec §7): POST /api/Tur/CreateUpdateTur, /api/Pui/CreatePui. */
  submitPath: string;
  /** The id's query key of Update{Tur|Pui}CompilazioneStatus: turId, puiId. */
  idQueryKey: string;
  /** The warnings' key of the compilation (spec §3): warningsTur, warningsPui. */
  warningsKey: string;
  /** The key of its application in an admin list item (spec §3): turCompilazione, puiCompilazione. */
  listKey: string;
  /** 'Fondo Tematico Turismo Sostenibile'. */
  title: string;
  /** Where its application keeps the figures reports and receipts show. */
  report: FundReportFields;
}

/**
 * The application's fields (spec §3 names) holding the amount asked of the fund, the total investment, the
 * co-financing parts, the region and, where the fund has one, the metropolitan city.
 */
export interface FundReportFields {
  fundAmount: string;
  totalInvestment: string;
  coFinancing: readonly string[];
  region: string;
  metropolitanCity: string | null;
}

/** The funds of the call (spec §1), one entry each, in the order lists show them. */
const FUND_TABLE = [
  {
    fund: 'TUR',
    compilazioneType: 0,
    controller: 'Tur',
    slug: 'tur',
    submitPath: '/api/Tur/CreateUpdateTur',
    idQueryKey: 'turId',
    warningsKey: 'warningsTur',
    listKey: 'turCompilazione',
    title: 'Fondo Tematico Turismo Sostenibile',
    report: {
      fundAmount: 'costiIintervento',
      totalInvestment: 'costiTotale',
      coFinancing: ['costiDdebito', 'costiEquity', 'costiPubblico'],
      region: 'progRegione',
      metropolitanCity: null,
    },
  },
  {
    fund: 'PUI',
    compilazioneType: 1,
    controller: 'Pui',
    slug: 'pui',
    submitPath: '/api/Pui/CreatePui',
    idQueryKey: 'puiId',
    warningsKey: 'warningsPui',
    listKey: 'puiCompilazione',
    title: 'Fondo Tematico Piani Urbani Integrati',
    report: {
      fundAmount: 'entitaInterventoFondo',
      totalInvestment: 'costiTotale',
      coFinancing: ['cofinanziamentoDebito', 'cofinanziamentoEquity', 'cofinanziamentoPubblico'],
      region: 'progRegione',
      metropolitanCity: 'progCittaMetropolitana',
    },
  },
] as const satisfies readonly FundEntry[];

type FundTable = typeof FUND_TABLE;

/** A fund's code: 'TUR' | 'PUI'. */
export type Fund = FundTable[number]['fund'];

/** The codes of a tuple of entries, as a tuple. */
type CodesOf<T extends readonly FundEntry[]> = { readonly [I in keyof T]: T[I] extends { fund: infer F } ? F : never };

/** The codes, in the table's order: ['TUR', 'PUI']. */
export const FUNDS = FUND_TABLE.map((entry) => entry.fund) as unknown as CodesOf<FundTable>;

/** Each fund's entry by its code. */
export const FUND_REGISTRY = Object.fromEntries(FUND_TABLE.map((entry) => [entry.fund, entry])) as unknown as {
  readonly [E in FundTable[number] as E['fund']]: E;
};

/** Every entry, in the table's order (the server adds the ones it registers besides: tests' made-up fund). */
export const FUND_ENTRIES: readonly FundEntry[] = FUND_TABLE;

/** The entry of one of the portal's funds. */
export function fundEntry(fund: Fund): FundEntry {
  return FUND_REGISTRY[fund];
}

/**
 * The fund a client names by code (any case: 'tur') or by its compilazioneType (0, or '0' from a query
 * string), among `funds`; undefined for anything else. The one reading of the spec's `callType`.
 */
export function fundOfCallType<E extends FundEntry>(value: unknown, funds: readonly E[]): E | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim().toUpperCase();
  if (text === '') return undefined;
  return funds.find((entry) => entry.fund === text || String(entry.compilazioneType) === text);
}
