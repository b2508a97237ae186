import {
  DEBTS_BUCKETS,
  DEBTS_EXPORT_MAX_ROWS,
  DEBTS_SIDE_LABELS,
  type DebtsReportQuery,
  type DebtsReportRow,
} from '@app/shared';
import { type Cell, type ExportTable, moneyCell } from '../../platform/export-writers.ts';
import type { DebtsReportService } from './debts-report.service.ts';

const PAGE = 1000;

export const debtsExportHeaders = (currency: string) => [
  'Counterparty',
  'Currency',
  ...DEBTS_BUCKETS,
  'Total',
  `Total in ${currency}`,
];

const cells = (r: DebtsReportRow, currency: string): Cell[] => [
  r.counterparty.name,
  r.currency,
  ...DEBTS_BUCKETS.map((b) => moneyCell(r.buckets[b], r.currency)),
  moneyCell(r.total, r.currency),
  r.total_converted === null ? null : moneyCell(r.total_converted, currency),
];

/**
 * `GET reports/debts/?format=csv|xlsx`: the rows of the report as filtered, in its order, at most
 * `max` (DEBTS_EXPORT_MAX_ROWS; a test passes a small one); the amounts are money cells in the
 * row's currency, the last column in the chosen one (empty where the rate set has no rate for the
 * pair).
 */
export function debtsExportTable(
  debts: DebtsReportService,
  q: DebtsReportQuery,
  max = DEBTS_EXPORT_MAX_ROWS,
): ExportTable {
  return {
    name: `Debts ${DEBTS_SIDE_LABELS[q.side]}`,
    headers: debtsExportHeaders(q.currency),
    pages: (async function* () {
      const { rows } = await debts.exportRows(q, max);
      for (let i = 0; i < rows.length || i === 0; i += PAGE)
        yield rows.slice(i, i + PAGE).map((r) => cells(r, q.currency));
    })(),
  };
}
