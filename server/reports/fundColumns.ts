import type { ReportColumn, ReportRow, ReportValueKind } from '../../domain/reports/reportData.ts';
import { reportMessages as m } from '../../domain/reports/reportMessages.ts';
import type { ReportScope } from './reportScope.ts';

/**
 * One column per fund in scope (keyed by the fund's code) and, when more than one fund is in view, a
 * "Totale" column: the shape of most report tables.
 */
export function fundColumns(scope: ReportScope, kind: ReportValueKind) {
  const many = scope.funds.length > 1;
  const columns: ReportColumn[] = [
    ...scope.funds.map((fund) => ({ key: fund, label: fund, kind })),
    ...(many ? [{ key: 'total', label: m.columns.total, kind }] : []),
  ];
  const total = (values: ReportRow): ReportRow =>
    many ? { total: scope.funds.reduce((sum, fund) => sum + (typeof values[fund] === 'number' ? values[fund] : 0), 0) } : {};
  return { columns, total };
}
