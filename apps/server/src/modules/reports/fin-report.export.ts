import type { FinReport } from '@app/shared';
import { Decimal } from 'decimal.js';
import { type Cell, type ExportTable, moneyCell } from '../../platform/export-writers.ts';

export const FIN_REPORT_HEADERS = [
  'Company',
  'Month',
  'Account type',
  'Sales',
  'Cost',
  'Margin',
  'Margin %',
  'Lines',
  'Estimated cost lines',
];

/** `"20.00"` percent → `"0.2000"`, the fraction a percent cell takes. */
const fraction = (percent: string | null): Cell =>
  percent === null ? null : { percent: new Decimal(percent).div(100).toFixed(4) };

/** The report's table as a file: one row per company, month and account type, money in its currency. */
export function finReportExportTable(report: FinReport): ExportTable {
  const ccy = report.currency;
  const cells = report.rows.map((r): Cell[] => [
    r.company.code,
    r.month,
    r.account_type,
    moneyCell(r.sales, ccy),
    moneyCell(r.cost, ccy),
    moneyCell(r.margin, ccy),
    fraction(r.margin_percent),
    r.lines,
    r.estimated_lines,
  ]);
  return {
    name: 'Fin-Report',
    headers: FIN_REPORT_HEADERS,
    pages: (async function* () {
      yield cells;
    })(),
  };
}
