import { FUNDS } from '../applicationStatus.ts';

/**
 * "Scarica Excel"'s file name: the report id, the fund in view and the period when there is one
 * ("Report-importi-TUR.xlsx", "Report-importi-TUR-PUI-2026-03-01_2026-03-31.xlsx"). The server names the
 * download with it and the page saves it under the same name.
 */
export function reportFileName(reportId: string, filters: { fund?: string | null; from?: string | null; to?: string | null }): string {
  const period = [filters.from, filters.to].filter(Boolean).join('_');
  return `Report-${reportId}-${filters.fund ?? FUNDS.join('-')}${period ? `-${period}` : ''}.xlsx`;
}
