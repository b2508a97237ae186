import { z } from 'zod';
import { CompanyRefSchema, RefSchema, RequestRefSchema } from '../accounting/accounting.common.ts';
import { MONTH_PATTERN, monthTitle } from '../accounting/period-locks.schemas.ts';
import { DecimalString, listEnvelope } from '../api/envelope.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { enumField, queryIdField, queryIntField } from '../validation/fields.schemas.ts';
import { ACCOUNT_TYPES } from '../value-lists.ts';
import { reportMonthField } from './report-dates.schemas.ts';
import { REPORT_BASES, REPORT_FORMATS, ReportCurrencyQuery } from './reports.common.ts';

/**
 * Fin-Report (TOMS), decision 0012. Periods are whole months (`YYYY-MM`, both ends included): the
 * month sums the report reads hold whole months, so a day-precise period would either scan the
 * ledger for the edge months or answer figures that are not the period asked for.
 */
export const FIN_REPORT_MAX_MONTHS = 60;

/** `no_account_type` stays in the contract: request lines must carry one, so it is always empty. */
export const FIN_REPORT_EXCEPTION_KINDS = ['no_account_type', 'negative_margin', 'estimated_cost'] as const;
export type FinReportExceptionKind = (typeof FIN_REPORT_EXCEPTION_KINDS)[number];
export const FIN_REPORT_EXCEPTION_LABELS: Record<FinReportExceptionKind, string> = {
  no_account_type: 'No account type',
  negative_margin: 'Negative margin',
  estimated_cost: 'Cost without a supplier invoice',
};
/** Rows of each exception list the report answers with; `reports/fin-report/exceptions/` pages on. */
export const FIN_REPORT_EXCEPTIONS_PAGE = 10;
export const FIN_REPORT_EXCEPTIONS_MAX_LIMIT = 100;

export const FIN_REPORT_MESSAGES = {
  monthOrder: 'The last month must not be before the first',
  span: `Choose at most ${FIN_REPORT_MAX_MONTHS} months`,
} as const;

/** Months from `a` to `b` inclusive (`YYYY-MM`). */
export function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split('-').map(Number) as [number, number];
  const [by, bm] = b.split('-').map(Number) as [number, number];
  return (by - ay) * 12 + (bm - am) + 1;
}

/** `Jan–Dec 2026`, `Nov 2025–Feb 2026`, `Mar 2026`: the period in the empty state and the title. */
export function monthRangeTitle(from: string, to: string): string {
  const short = (m: string) => monthTitle(m).replace(/^(\w{3})\w*/, '$1');
  if (from === to) return short(from);
  const [fy] = from.split('-');
  const [ty] = to.split('-');
  return fy === ty ? `${short(from).split(' ')[0]}–${short(to)}` : `${short(from)}–${short(to)}`;
}

const finReportFilterShape = {
  month_from: reportMonthField(),
  month_to: reportMonthField(),
  /** `service`: months of the lines' departure (service) dates; `invoice`: of the invoice dates. */
  basis: enumField(REPORT_BASES).default('service'),
  currency: ReportCurrencyQuery,
  company: queryIdField().optional(),
  account_type: enumField(ACCOUNT_TYPES).optional(),
};

function periodRule(q: { month_from: string; month_to: string }, ctx: z.RefinementCtx): void {
  if (!MONTH_PATTERN.test(q.month_from) || !MONTH_PATTERN.test(q.month_to)) return;
  if (q.month_to < q.month_from)
    ctx.addIssue({ code: 'custom', path: ['month_to'], message: FIN_REPORT_MESSAGES.monthOrder });
  else if (monthsBetween(q.month_from, q.month_to) > FIN_REPORT_MAX_MONTHS)
    ctx.addIssue({ code: 'custom', path: ['month_to'], message: FIN_REPORT_MESSAGES.span });
}

/** `GET reports/fin-report/`: the report, or with `format` its table as a file (no default: JSON). */
export const FinReportQuerySchema = z
  .object({ ...finReportFilterShape, format: enumField(REPORT_FORMATS).optional() })
  .superRefine(periodRule);
export type FinReportQuery = z.infer<typeof FinReportQuerySchema>;
export type FinReportFilter = Omit<FinReportQuery, 'format'>;

/** `GET reports/fin-report/exceptions/`: the next pages of one exception list. */
export const FinReportExceptionsQuerySchema = z
  .object({
    ...finReportFilterShape,
    kind: enumField(FIN_REPORT_EXCEPTION_KINDS),
    limit: queryIntField(1, FIN_REPORT_EXCEPTIONS_MAX_LIMIT).default(FIN_REPORT_EXCEPTIONS_PAGE),
    offset: queryIntField(0, 10_000_000).default(0),
  })
  .superRefine(periodRule);
export type FinReportExceptionsQuery = z.infer<typeof FinReportExceptionsQuerySchema>;

/** Sales, cost and margin in the chosen currency; `margin_percent` of sales, null without sales. */
const figuresShape = {
  sales: DecimalString,
  cost: DecimalString,
  margin: DecimalString,
  /** Percent to 2 places (`"20.00"`), null when sales are zero. */
  margin_percent: DecimalString.nullable(),
};

/** One company, month and account type. */
export const FinReportRowSchema = z.object({
  company: CompanyRefSchema,
  /** `YYYY-MM`. */
  month: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  ...figuresShape,
  /** Invoice and credit note lines. */
  lines: z.number().int(),
  /** Lines whose cost is estimated (no supplier invoice yet). */
  estimated_lines: z.number().int(),
  /** Invoice lines whose cost is above their sale. */
  negative_lines: z.number().int(),
});
export type FinReportRow = z.infer<typeof FinReportRowSchema>;

/** Every month of the period, all companies and account types of the filters together (the chart). */
export const FinReportMonthSchema = z.object({
  month: z.string(),
  sales: DecimalString,
  cost: DecimalString,
  margin: DecimalString,
});
export type FinReportMonth = z.infer<typeof FinReportMonthSchema>;

/**
 * TOMS VAT per company and account type for the whole period: VAT is owed by each company, on the
 * period's margin of the type, so a loss offsets gains within the period and never gives VAT back
 * (margin ≤ 0 → VAT due 0). VAT due = margin × rate / (100 + rate), to 2 places; `rate` null means
 * not subject, and then both VAT figures are null.
 *
 * The figure to file is `vat_due_base`: on `margin_base`, the margin in the company's base currency
 * (the lines' base amounts, as the documents were booked). `margin` and `vat_due` are the same rule
 * in the chosen currency (each line converted at its own stamped rate), to read beside the other
 * figures; the two can differ by more than a plain conversion of one into the other.
 */
export const FinReportTomsRowSchema = z.object({
  company: CompanyRefSchema,
  account_type: z.enum(ACCOUNT_TYPES),
  /** In the chosen currency. */
  margin: DecimalString,
  rate: DecimalString.nullable(),
  /** In the chosen currency. */
  vat_due: DecimalString.nullable(),
  /** The company's base currency: the currency of `margin_base` and `vat_due_base`. */
  base_currency: z.enum(RATE_CURRENCIES),
  margin_base: DecimalString,
  /** The VAT to file, in `base_currency`. */
  vat_due_base: DecimalString.nullable(),
});
export type FinReportTomsRow = z.infer<typeof FinReportTomsRowSchema>;

export const FinReportTotalsSchema = z.object({
  ...figuresShape,
  lines: z.number().int(),
  estimated_lines: z.number().int(),
  /** The TOMS rows' VAT due in the chosen currency added up (companies file theirs in their base: `toms`). */
  vat_due: DecimalString,
});
export type FinReportTotals = z.infer<typeof FinReportTotalsSchema>;

/** One ledger line listed as an exception; figures in the chosen currency. */
export const FinReportExceptionSchema = z.object({
  invoice_line_id: z.number().int(),
  /** `invoice` or `credit_note`. */
  document_kind: z.enum(['invoice', 'credit_note']),
  invoice: z.object({ id: z.number().int(), number: z.string() }),
  request: RequestRefSchema,
  client: RefSchema,
  company: CompanyRefSchema,
  account_type: z.enum(ACCOUNT_TYPES),
  service_date: z.string(),
  invoice_date: z.string(),
  sales: DecimalString,
  cost: DecimalString,
  margin: DecimalString,
});
export type FinReportException = z.infer<typeof FinReportExceptionSchema>;

/** A kind's count in the period and filters, and its first page. */
export const FinReportExceptionListSchema = z.object({
  kind: z.enum(FIN_REPORT_EXCEPTION_KINDS),
  total: z.number().int(),
  rows: z.array(FinReportExceptionSchema),
});
export type FinReportExceptionList = z.infer<typeof FinReportExceptionListSchema>;

export const FinReportSchema = z.object({
  month_from: z.string(),
  month_to: z.string(),
  basis: z.enum(REPORT_BASES),
  currency: z.enum(RATE_CURRENCIES),
  rows: z.array(FinReportRowSchema),
  months: z.array(FinReportMonthSchema),
  totals: FinReportTotalsSchema,
  toms: z.array(FinReportTomsRowSchema),
  exceptions: z.array(FinReportExceptionListSchema),
});
export type FinReport = z.infer<typeof FinReportSchema>;

export const finReportEnvelope = z.object({ data: FinReportSchema });
export const finReportExceptionsEnvelope = listEnvelope(FinReportExceptionSchema);
