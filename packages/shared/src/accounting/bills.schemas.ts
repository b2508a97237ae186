import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { DecimalString, ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import {
  DirectoryListMetaSchema,
  optionalDate,
  optionalRefId,
  orderingQuery,
  orderingsOf,
  versionField,
} from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import {
  dateField,
  enumField,
  idField,
  optionalString,
  queryIdField,
  requiredString,
  uniqueArray,
} from '../validation/fields.schemas.ts';
import { PAYMENT_STATUSES } from '../value-lists.ts';
import {
  BILL_DIFFERENCE_TOLERANCE,
  BILL_FILE_TYPES,
  CompanyRefSchema,
  documentMoneyField,
  RefSchema,
  RequestRefSchema,
} from './accounting.common.ts';

export const BILL_LINES_MAX = 200;

const billFields = {
  number: requiredString(60),
  issue_date: dateField(),
  /** Default: issue date + the supplier's payment terms, else the issue date. */
  due_date: optionalDate(),
  currency: enumField(RATE_CURRENCIES),
  amount: documentMoneyField(),
  /** Request line ids (their cost side); one supplier, one company, the bill's currency. */
  lines: uniqueArray(idField()).min(1, 'Choose at least one line').max(BILL_LINES_MAX),
  /** Required when the amount differs from the lines' cost by more than 1%. */
  difference_explanation: optionalString(1000, { multiline: true }),
  internal_note: optionalString(2000, { multiline: true }),
};

/**
 * `POST supplier-invoices/` is multipart: these fields (with `lines` as a JSON array or
 * comma-separated ids) and one `file` (PDF, PNG, JPEG or WebP by content, at most 10 MB).
 */
export const CreateBillFieldsSchema = z.strictObject({
  supplier: idField(),
  /** Taken from the lines; when given, it must be theirs. */
  company: optionalRefId(),
  ...billFields,
});
export type CreateBillFields = z.infer<typeof CreateBillFieldsSchema>;

/** `PATCH supplier-invoices/{id}/` (JSON) while nothing settled it. */
export const UpdateBillBodySchema = z.strictObject({
  number: billFields.number.optional(),
  issue_date: billFields.issue_date.optional(),
  due_date: billFields.due_date,
  amount: billFields.amount.optional(),
  lines: billFields.lines.optional(),
  difference_explanation: billFields.difference_explanation.nullable(),
  internal_note: billFields.internal_note.nullable(),
  version: versionField(),
});
export type UpdateBillBody = z.infer<typeof UpdateBillBodySchema>;

export const BillLineSchema = z.object({
  id: z.number().int(),
  line_id: z.number().int(),
  request: RequestRefSchema,
  service_type: z.string(),
  description: z.string(),
  amount: DecimalString,
});
export type BillLine = z.infer<typeof BillLineSchema>;

const billShape = {
  id: z.number().int(),
  number: z.string(),
  supplier: RefSchema,
  company: CompanyRefSchema,
  requests: z.array(RequestRefSchema),
  issue_date: z.string(),
  due_date: z.string(),
  currency: z.enum(RATE_CURRENCIES),
  amount: DecimalString,
  lines_cost: DecimalString,
  /** amount − lines_cost. */
  difference: DecimalString,
  /** The difference as a percentage of the lines' cost, two places ('1.80'); null when the lines cost 0. */
  difference_pct: DecimalString.nullable(),
  settled_amount: DecimalString,
  open_amount: DecimalString,
  payment_status: z.enum(PAYMENT_STATUSES),
  overdue: z.boolean(),
  file: z.object({
    name: z.string(),
    type: z.enum(BILL_FILE_TYPES),
    size: z.number().int(),
    url: z.string(),
  }),
};
export const BillListItemSchema = z.object(billShape);
export type BillListItem = z.infer<typeof BillListItemSchema>;

export const BillRecordSchema = z.object({
  ...billShape,
  difference_explanation: z.string().nullable(),
  internal_note: z.string().nullable(),
  base_currency: z.enum(RATE_CURRENCIES),
  rate: DecimalString,
  amount_base: DecimalString,
  lines: z.array(BillLineSchema),
  created_by: RefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type BillRecord = z.infer<typeof BillRecordSchema>;

export const BILL_ORDERINGS = orderingsOf(['issue_date', 'due_date', 'number', 'total']);

/** `GET supplier-invoices/`: the register with the kind fixed to bills. */
export const BillListQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  search: ListQuerySchema.shape.search,
  supplier: queryIdField().optional(),
  request: queryIdField().optional(),
  company: queryIdField().optional(),
  status: enumField(PAYMENT_STATUSES).optional(),
  currency: enumField(RATE_CURRENCIES).optional(),
  issue_date_after: dateField().optional(),
  issue_date_before: dateField().optional(),
  due_before: dateField().optional(),
  overdue: QueryBoolean.optional(),
  ordering: orderingQuery(BILL_ORDERINGS, '-issue_date'),
});
export type BillListQuery = z.infer<typeof BillListQuerySchema>;
export const billListEnvelope = z.object({
  data: z.array(BillListItemSchema),
  meta: DirectoryListMetaSchema,
});

/** How a bill's amount stands against its lines' cost (decision 0010), computed exactly. */
export interface BillDifference {
  /** amount − lines_cost, two places. */
  difference: string;
  /** The difference as a percentage of the lines' cost, two places; null when the lines cost 0. */
  pct: string | null;
  /** |difference| > 1% of the lines' cost (compared exactly, not rounded). */
  needsExplanation: boolean;
}

/** A percentage past any meaning (a cost of 0.01 against a large bill) is shown at the column's bound. */
const PCT_BOUND = new Decimal('999999999999.99');

export function billDifference(amount: string, linesCost: string): BillDifference {
  const cost = new Decimal(linesCost);
  const diff = new Decimal(amount).minus(cost);
  const limit = cost.abs().times(BILL_DIFFERENCE_TOLERANCE);
  const raw = cost.isZero() ? null : diff.div(cost).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const pct = raw === null ? null : Decimal.min(Decimal.max(raw, PCT_BOUND.negated()), PCT_BOUND);
  return {
    difference: diff.toFixed(2),
    pct: pct === null ? null : pct.toFixed(2),
    needsExplanation: diff.abs().greaterThan(limit),
  };
}

const grouped = (d: Decimal): string => {
  const [whole = '0', cents = '00'] = d.toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${cents}`;
};

/** 'Explain the difference of 1.8% (EUR 36.00) before saving': sizes without their sign. */
export function billDifferenceMessage(d: BillDifference, currency: string): string {
  const amount = `${currency} ${grouped(new Decimal(d.difference).abs())}`;
  if (d.pct === null) return `Explain the difference of ${amount} before saving`;
  const pct = new Decimal(d.pct)
    .abs()
    .toFixed(2)
    .replace(/\.?0+$/, '');
  return `Explain the difference of ${pct}% (${amount}) before saving`;
}

/** `GET supplier-invoices/billable-lines/`: a supplier's lines a bill may take. */
export const BillableLinesQuerySchema = z.object({
  supplier: queryIdField(),
  request: queryIdField().optional(),
  currency: enumField(RATE_CURRENCIES).optional(),
  /** When editing a bill: its own lines are billable again. */
  bill: queryIdField().optional(),
});
export type BillableLinesQuery = z.infer<typeof BillableLinesQuerySchema>;

/** A Confirmed (or later) line of the supplier that no other bill has taken. */
export const BillableLineSchema = z.object({
  line_id: z.number().int(),
  position: z.number().int(),
  request: RequestRefSchema,
  company: CompanyRefSchema,
  service_type: z.string(),
  description: z.string(),
  cost: DecimalString,
  cost_currency: z.enum(RATE_CURRENCIES),
  status: z.string(),
});
export type BillableLine = z.infer<typeof BillableLineSchema>;
export const BILLABLE_LINES_MAX = 500;
