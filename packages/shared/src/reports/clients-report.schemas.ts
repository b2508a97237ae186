import { z } from 'zod';
import { DecimalString, ListMetaSchema } from '../api/envelope.ts';
import { ACCESS, type Access } from '../auth/access.ts';
import { MembershipSchema, RatingSchema } from '../directory/clients.schemas.ts';
import {
  OfficeRefSchema,
  orderingQuery,
  orderingsOf,
  QueryIdList,
  queryList,
  StaffRefSchema,
} from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { enumField, queryIntField, searchField } from '../validation/fields.schemas.ts';
import { reportMonthField } from './report-dates.schemas.ts';
import {
  REPORT_BASES,
  REPORT_FORMATS,
  ReportCurrencyAmountSchema,
  ReportCurrencyQuery,
} from './reports.common.ts';

/**
 * The Clients report (decision 0012): per client, for whole months, the sales, cost and margin of
 * its invoice and credit-note lines dated in the period (by departure or by invoice date), summed
 * from `client_month_sums` in the chosen currency at the rates stamped on the documents.
 */
export const CLIENTS_REPORT_TOP = 10;
/** A page of the report; the export takes every matching client up to the export bound. */
export const CLIENTS_REPORT_MAX_LIMIT = 100;
export const CLIENTS_REPORT_DEFAULT_LIMIT = 50;
export const CLIENTS_REPORT_EXPORT_MAX_ROWS = 10_000;
/**
 * Who sees each client's open balance and credit (accounting figures, as on the client's balance
 * page and the register): for everyone else the report answers them null and the export leaves the
 * columns out. Sales, cost and margin are for everyone (FO and BO see them on their requests).
 */
export const CLIENTS_REPORT_BALANCES_ACCESS: Access = ACCESS.accounting;
/** The longest period (as Fin-Report): it bounds the month sums one run reads. */
export const CLIENTS_REPORT_MAX_MONTHS = 60;

export const CLIENTS_REPORT_MESSAGES = {
  monthOrder: 'The last month must not be before the first',
  span: `Choose at most ${CLIENTS_REPORT_MAX_MONTHS} months`,
} as const;

/** Months from `a` to `b` inclusive (`YYYY-MM`). */
export function clientsReportMonthCount(a: string, b: string): number {
  const [ay, am] = a.split('-').map(Number) as [number, number];
  const [by, bm] = b.split('-').map(Number) as [number, number];
  return (by - ay) * 12 + (bm - am) + 1;
}

export const CLIENTS_REPORT_ORDERINGS = orderingsOf([
  'margin',
  'sales',
  'cost',
  'margin_pct',
  'requests',
  'name',
]);
export type ClientsReportOrdering = (typeof CLIENTS_REPORT_ORDERINGS)[number];

/** `month_to` not before `month_from`, at most CLIENTS_REPORT_MAX_MONTHS apart (both `YYYY-MM`). */
function monthsInOrder(
  value: { month_from?: string | undefined; month_to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const { month_from: from, month_to: to } = value;
  if (!from || !to) return;
  if (to < from)
    ctx.addIssue({ code: 'custom', path: ['month_to'], message: CLIENTS_REPORT_MESSAGES.monthOrder });
  else if (clientsReportMonthCount(from, to) > CLIENTS_REPORT_MAX_MONTHS)
    ctx.addIssue({ code: 'custom', path: ['month_to'], message: CLIENTS_REPORT_MESSAGES.span });
}

/**
 * The report's filters. The period is whole months because the sums are monthly: without months,
 * the calendar year of today; one end alone runs to the other end of its year.
 */
export const clientsReportFilterShape = {
  month_from: reportMonthField().optional(),
  month_to: reportMonthField().optional(),
  basis: enumField(REPORT_BASES).default('service'),
  currency: ReportCurrencyQuery,
  /** The client's office (region ids). */
  office: QueryIdList.optional(),
  /** The client's FO manager (user ids). */
  manager: QueryIdList.optional(),
  membership: queryList(MembershipSchema).optional(),
  rating: queryList(RatingSchema).optional(),
  /** The client's name, email or id (the clients list's search). */
  search: searchField().optional(),
  ordering: orderingQuery(CLIENTS_REPORT_ORDERINGS, '-margin'),
};

/** `GET reports/clients/`: a page of the report, or with `format` the whole of it as a file. */
export const ClientsReportQuerySchema = z
  .object({
    ...clientsReportFilterShape,
    limit: queryIntField(1, CLIENTS_REPORT_MAX_LIMIT).default(CLIENTS_REPORT_DEFAULT_LIMIT),
    offset: queryIntField(0, 10_000_000).default(0),
    format: enumField(REPORT_FORMATS).optional(),
  })
  .superRefine(monthsInOrder);
export type ClientsReportQuery = z.infer<typeof ClientsReportQuerySchema>;
export type ClientsReportFilter = Omit<ClientsReportQuery, 'limit' | 'offset' | 'format'>;

const ClientRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const ClientsReportRowSchema = z.object({
  client: ClientRefSchema,
  archived: z.boolean(),
  membership: MembershipSchema.nullable(),
  membership_end: z.string().nullable(),
  rating: RatingSchema,
  fo_manager: StaffRefSchema.nullable(),
  office: OfficeRefSchema.nullable(),
  /** Distinct requests with a line (invoice or credit note) dated in the period. */
  requests: z.number().int(),
  /** In the chosen currency. */
  sales: DecimalString,
  cost: DecimalString,
  margin: DecimalString,
  /** Margin ÷ sales in percent, 2 places; null without sales. */
  margin_pct: DecimalString.nullable(),
  /**
   * What the client owes now: open invoices less unapplied credit notes, per currency (no zeros).
   * Null for a user outside CLIENTS_REPORT_BALANCES_ACCESS.
   */
  open_balance: z.array(ReportCurrencyAmountSchema).nullable(),
  /**
   * The client's deposit now (overpayments and prepayments not yet used), per currency (no zeros).
   * Null for a user outside CLIENTS_REPORT_BALANCES_ACCESS.
   */
  credit: z.array(ReportCurrencyAmountSchema).nullable(),
});
export type ClientsReportRow = z.infer<typeof ClientsReportRowSchema>;

export const ClientsReportTotalsSchema = z.object({
  clients: z.number().int(),
  requests: z.number().int(),
  sales: DecimalString,
  cost: DecimalString,
  margin: DecimalString,
  margin_pct: DecimalString.nullable(),
});
export type ClientsReportTotals = z.infer<typeof ClientsReportTotalsSchema>;

export const ClientsReportTopSchema = z.object({
  client: ClientRefSchema,
  sales: DecimalString,
  margin: DecimalString,
});
export type ClientsReportTop = z.infer<typeof ClientsReportTopSchema>;

export const ClientsReportSummarySchema = z.object({
  /** The period as run: whole months, and the days they cover. */
  period: z.object({
    month_from: z.string(),
    month_to: z.string(),
    date_from: z.string(),
    date_to: z.string(),
  }),
  basis: z.enum(REPORT_BASES),
  currency: z.enum(RATE_CURRENCIES),
  /** Over every matching client, not just the page. */
  totals: ClientsReportTotalsSchema,
  /** The clients with the highest margin (at most CLIENTS_REPORT_TOP), highest first. */
  top: z.array(ClientsReportTopSchema),
});
export type ClientsReportSummary = z.infer<typeof ClientsReportSummarySchema>;

export const ClientsReportSchema = z.object({
  data: z.array(ClientsReportRowSchema),
  meta: ListMetaSchema,
  summary: ClientsReportSummarySchema,
});
export type ClientsReport = z.infer<typeof ClientsReportSchema>;
