import {
  CLIENTS_REPORT_EXPORT_MAX_ROWS,
  type ClientsReportFilter,
  type ClientsReportRow,
  MEMBERSHIPS,
  RATE_CURRENCIES,
  type ReportCurrencyAmount,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import { type Cell, type ExportTable, moneyCell } from '../../platform/export-writers.ts';
import type { ClientsReportService, ClientsReportViewer } from './clients-report.service.ts';

const MEMBERSHIP_LABEL = new Map<string, string>(MEMBERSHIPS.map((m) => [m.value, m.label]));

const FIGURE_HEADERS = [
  'Client',
  'Client ID',
  'Office',
  'FO manager',
  'Membership',
  'Membership end',
  'Rating',
  'Requests',
  'Sales',
  'Cost',
  'Margin',
  'Margin %',
];
/** One column per currency for the balances, so the sheet keeps its shape from one run to the next. */
const BALANCE_HEADERS = [
  ...RATE_CURRENCIES.map((c) => `Open balance ${c}`),
  ...RATE_CURRENCIES.map((c) => `Credit ${c}`),
];

const perCurrency = (amounts: ReportCurrencyAmount[] | null): Cell[] =>
  RATE_CURRENCIES.map((c) => {
    const a = amounts?.find((x) => x.currency === c);
    return a ? moneyCell(a.amount, c) : null;
  });

function cells(r: ClientsReportRow, currency: string, balances: boolean): Cell[] {
  // the sheet's percent is the fraction itself (0.1234 shows 12.34%), from the exact figures
  const fraction = new Decimal(r.sales).isZero()
    ? null
    : { percent: new Decimal(r.margin).div(r.sales).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4) };
  return [
    r.client.name,
    r.client.id,
    r.office?.title ?? null,
    r.fo_manager?.name ?? null,
    r.membership ? (MEMBERSHIP_LABEL.get(r.membership) ?? r.membership) : null,
    r.membership_end,
    r.rating,
    r.requests,
    moneyCell(r.sales, currency),
    moneyCell(r.cost, currency),
    moneyCell(r.margin, currency),
    fraction,
    ...(balances ? [...perCurrency(r.open_balance), ...perCurrency(r.credit)] : []),
  ];
}

/**
 * `GET reports/clients/?format=csv|xlsx`: every matching client in the report's order (at most
 * CLIENTS_REPORT_EXPORT_MAX_ROWS), sales, cost and margin in the chosen currency, then for a
 * viewer who may see them the balances in their own currencies (else no balance columns at all).
 */
export function clientsReportExportTable(
  service: ClientsReportService,
  q: ClientsReportFilter,
  viewer: ClientsReportViewer,
): ExportTable {
  return {
    name: 'Clients report',
    headers: viewer.balances ? [...FIGURE_HEADERS, ...BALANCE_HEADERS] : FIGURE_HEADERS,
    pages: (async function* () {
      for await (const rows of service.allRows(q, viewer, CLIENTS_REPORT_EXPORT_MAX_ROWS))
        yield rows.map((r) => cells(r, q.currency, viewer.balances));
    })(),
  };
}
