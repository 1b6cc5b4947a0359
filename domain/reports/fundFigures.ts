import type { Fund } from '../applicationStatus.ts';

/**
 * Where each fund's application keeps the figures the reports add up (spec §3 field names): the amount asked
 * of the fund, the total investment, the co-financing parts, the region and, where the fund has one, the
 * metropolitan city. Generic report code reads this table; a new fund adds its entry (tsc asks for it).
 */
export interface FundReportFields {
  fundAmount: string;
  totalInvestment: string;
  coFinancing: readonly string[];
  region: string;
  metropolitanCity: string | null;
}

export const FUND_REPORT_FIELDS = {
  TUR: {
    fundAmount: 'costiIintervento',
    totalInvestment: 'costiTotale',
    coFinancing: ['costiDdebito', 'costiEquity', 'costiPubblico'],
    region: 'progRegione',
    metropolitanCity: null,
  },
  PUI: {
    fundAmount: 'entitaInterventoFondo',
    totalInvestment: 'costiTotale',
    coFinancing: ['cofinanziamentoDebito', 'cofinanziamentoEquity', 'cofinanziamentoPubblico'],
    region: 'progRegione',
    metropolitanCity: 'progCittaMetropolitana',
  },
} as const satisfies Record<Fund, FundReportFields>;
