import { z } from 'zod';
import { DEFAULT_LIMIT, DecimalString, ListMetaSchema, listEnvelope, MAX_LIMIT } from '../api/envelope.ts';
import { orderingQuery, orderingsOf } from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { enumField, queryIdField, queryIntField } from '../validation/fields.schemas.ts';
import { reportDateField } from './report-dates.schemas.ts';
import { REPORT_FORMATS, ReportCurrencyQuery } from './reports.common.ts';

/**
 * Debts (ageing as of a date, decision 0012): what clients owe (invoices, and credit notes not yet
 * applied as negative amounts) and what is owed to suppliers (bills, and payment vouchers of lines
 * without a bill), aged by days past due on the as-of date. `0-30` includes what is not yet due.
 */
export const DEBTS_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type DebtsBucket = (typeof DEBTS_BUCKETS)[number];
export const DEBTS_BUCKET_LABELS: Record<DebtsBucket, string> = {
  '0-30': '0-30 days',
  '31-60': '31-60 days',
  '61-90': '61-90 days',
  '90+': '90+ days',
};

export const DEBTS_SIDES = ['clients', 'suppliers'] as const;
export type DebtsSide = (typeof DEBTS_SIDES)[number];
export const DEBTS_SIDE_LABELS: Record<DebtsSide, string> = { clients: 'Clients', suppliers: 'Suppliers' };

/** The documents a side ages, as the empty state names them. */
export const DEBTS_SIDE_DOCUMENTS: Record<DebtsSide, string> = {
  clients: 'open client invoices',
  suppliers: 'open bills or payment vouchers',
};

/** Rows by counterparty name (then currency), or by the total in the chosen currency. */
export const DEBTS_ORDERINGS = orderingsOf(['counterparty', 'total_converted']);
export const DEBTS_DEFAULT_LIMIT = DEFAULT_LIMIT;
/** At most this many rows in a download (in the report's order); `meta.total` says when it cuts. */
export const DEBTS_EXPORT_MAX_ROWS = 50_000;

/** What the report and its drill-down share: the side, the day and the filters. */
const debtsScopeShape = {
  side: enumField(DEBTS_SIDES).default('clients'),
  /** Default: today (UTC, the server's clock). 1900-01-01 to 2999-12-31 (the ageing looks 90 days back). */
  as_of: reportDateField().optional(),
  company: queryIdField().optional(),
};

/** `GET reports/debts/` (JSON, or the file with `format`). */
export const DebtsReportQuerySchema = z.object({
  ...debtsScopeShape,
  /** The currency the totals are converted to. */
  currency: ReportCurrencyQuery,
  /** A client (side clients) or a supplier (side suppliers). */
  counterparty: queryIdField().optional(),
  ordering: orderingQuery(DEBTS_ORDERINGS, 'counterparty'),
  limit: queryIntField(1, MAX_LIMIT).default(DEBTS_DEFAULT_LIMIT),
  offset: queryIntField(0, 10_000_000).default(0),
  format: enumField(REPORT_FORMATS).optional(),
});
export type DebtsReportQuery = z.infer<typeof DebtsReportQuerySchema>;

const currencyEnum = z.enum(RATE_CURRENCIES);

/** An amount per bucket, in the bucket order. */
export const DebtsBucketsSchema = z.object({
  '0-30': DecimalString,
  '31-60': DecimalString,
  '61-90': DecimalString,
  '90+': DecimalString,
});
export type DebtsBuckets = z.infer<typeof DebtsBucketsSchema>;

export const DebtsCounterpartySchema = z.object({ id: z.number().int(), name: z.string() });

/** One counterparty in one document currency. */
export const DebtsReportRowSchema = z.object({
  counterparty: DebtsCounterpartySchema,
  currency: currencyEnum,
  buckets: DebtsBucketsSchema,
  total: DecimalString,
  /**
   * `total` in the chosen currency, rounded row by row; null when the rate set has no rate for the
   * pair. The rows' converted totals may add up to a few cents more or less than
   * `totals.converted`, which is converted from the per-currency sums.
   */
  total_converted: DecimalString.nullable(),
});
export type DebtsReportRow = z.infer<typeof DebtsReportRowSchema>;

/** Every matching document of one document currency, summed. */
export const DebtsCurrencyTotalSchema = z.object({
  currency: currencyEnum,
  buckets: DebtsBucketsSchema,
  total: DecimalString,
  /** The rate to the chosen currency (1 for the same), null when the set has none. */
  rate: DecimalString.nullable(),
});
export type DebtsCurrencyTotal = z.infer<typeof DebtsCurrencyTotalSchema>;

/**
 * A figure in the chosen currency for the chart: one of the largest debts. Each bucket is converted
 * and rounded; `total` is the sum of those rounded buckets (so the bar's parts add up to it). The
 * ranking is on the exact converted total.
 */
export const DebtsTopRowSchema = z.object({
  counterparty: DebtsCounterpartySchema,
  buckets: DebtsBucketsSchema,
  total: DecimalString,
});
export type DebtsTopRow = z.infer<typeof DebtsTopRowSchema>;

export const DEBTS_TOP = 10;

export const DebtsReportSchema = z.object({
  side: z.enum(DEBTS_SIDES),
  as_of: z.string(),
  /** The chosen currency. */
  currency: currencyEnum,
  rows: z.array(DebtsReportRowSchema),
  meta: ListMetaSchema,
  totals: z.object({
    by_currency: z.array(DebtsCurrencyTotalSchema),
    /**
     * Each bucket in the chosen currency: the per-currency sums times their rates, added exactly
     * and rounded once; `total` is the sum of those rounded buckets (the strip adds up). Null when
     * a currency present cannot be converted (`missing_rates` names it). It may differ by a few
     * cents from the rows' `total_converted` added up (each rounded on its own).
     */
    converted: z.object({ buckets: DebtsBucketsSchema, total: DecimalString }).nullable(),
  }),
  /** The rate set in force at the end of the as-of day (UTC); null when none was yet. */
  rate_set: z.object({ id: z.number().int(), created_at: z.string() }).nullable(),
  /** Document currencies present that the set cannot convert to the chosen one. */
  missing_rates: z.array(currencyEnum),
  /** The largest debts in the chosen currency (all currencies of a counterparty together). */
  top: z.array(DebtsTopRowSchema),
});
export type DebtsReport = z.infer<typeof DebtsReportSchema>;
export const debtsReportEnvelope = z.object({ data: DebtsReportSchema });

/** `GET reports/debts/cell/`: the documents behind one cell of the report. */
export const DebtsCellQuerySchema = z.object({
  ...debtsScopeShape,
  counterparty: queryIdField(),
  /** The documents' currency (the row's). */
  currency: enumField(RATE_CURRENCIES),
  bucket: enumField(DEBTS_BUCKETS),
  limit: queryIntField(1, MAX_LIMIT).default(DEBTS_DEFAULT_LIMIT),
  offset: queryIntField(0, 10_000_000).default(0),
});
export type DebtsCellQuery = z.infer<typeof DebtsCellQuerySchema>;

export const DEBTS_DOCUMENT_KINDS = ['invoice', 'credit_note', 'bill', 'voucher'] as const;
export type DebtsDocumentKind = (typeof DEBTS_DOCUMENT_KINDS)[number];
export const DEBTS_DOCUMENT_KIND_LABELS: Record<DebtsDocumentKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  bill: 'Bill',
  voucher: 'Payment voucher',
};

export const DebtsCellDocumentSchema = z.object({
  kind: z.enum(DEBTS_DOCUMENT_KINDS),
  id: z.number().int(),
  /** The invoice or bill number; a voucher's reads 'Prepayment of 12/03/2026 · BSLF-2026-00042'. */
  number: z.string(),
  /** A voucher's: the day it was made. */
  issue_date: z.string(),
  due_date: z.string(),
  /** As-of day − due date; zero or negative = not yet past due. */
  days_overdue: z.number().int(),
  total: DecimalString,
  /** Open on the as-of day. */
  open: DecimalString,
  /** The page to open it on (a voucher's request). */
  url: z.string(),
});
export type DebtsCellDocument = z.infer<typeof DebtsCellDocumentSchema>;
export const debtsCellEnvelope = listEnvelope(DebtsCellDocumentSchema);
