import { z } from 'zod';
import { DecimalString, ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import {
  DirectoryListMetaSchema,
  optionalDate,
  orderingQuery,
  orderingsOf,
  versionField,
} from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import {
  dateField,
  enumField,
  idField,
  optionalEmailField,
  optionalString,
  queryIdField,
  requiredString,
  uniqueArray,
} from '../validation/fields.schemas.ts';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, CLIENT_PAYMENT_STATUSES } from '../value-lists.ts';
import {
  CompanyRefSchema,
  DOCUMENT_PAYMENT_STATES,
  INVOICE_KINDS,
  RefSchema,
  RequestRefSchema,
} from './accounting.common.ts';

export const INVOICE_LINES_MAX = 200;

/**
 * `POST client-invoices/`: issue an invoice from Confirmed request lines (their sell side).
 * `request` is the request it is issued from; the lines may be of any request of the same client
 * and company. The currency is the lines' sell currency (`currency`, when given, must equal it).
 */
export const IssueInvoiceBodySchema = z.strictObject({
  request: idField(),
  lines: uniqueArray(idField())
    .min(1, 'Choose at least one line')
    .max(INVOICE_LINES_MAX, `At most ${INVOICE_LINES_MAX} lines`),
  issue_date: optionalDate(),
  due_date: optionalDate(),
  currency: enumField(RATE_CURRENCIES).optional(),
  internal_note: optionalString(2000, { multiline: true }),
});
export type IssueInvoiceBody = z.infer<typeof IssueInvoiceBodySchema>;

/**
 * `PATCH client-invoices/{id}/`: only the internal note. Loose, so that any other field reaches the
 * server's check and is answered `invoice_immutable` rather than silently dropped.
 */
export const UpdateInvoiceBodySchema = z.looseObject({
  internal_note: optionalString(2000, { multiline: true }).nullable(),
  version: versionField(),
});
export type UpdateInvoiceBody = z.infer<typeof UpdateInvoiceBodySchema>;

/**
 * `POST client-invoices/{id}/credit-note/`: reverse some (or, with no `lines`, all live) lines.
 * The request lines go back to Confirmed (Canceled with `cancel_lines` or on a canceled request).
 */
export const CreditNoteBodySchema = z.strictObject({
  lines: uniqueArray(idField()).min(1, 'Choose at least one line').max(INVOICE_LINES_MAX).optional(),
  reason: requiredString(500, { multiline: true }),
  cancel_lines: z.boolean().optional(),
  version: versionField(),
});
export type CreditNoteBody = z.infer<typeof CreditNoteBodySchema>;

/** `POST client-invoices/{id}/send/`: to the client's email unless `to` is given. */
export const SendInvoiceBodySchema = z.strictObject({
  to: optionalEmailField(),
  cc: optionalEmailField(),
  message: optionalString(4000, { multiline: true }),
});
export type SendInvoiceBody = z.infer<typeof SendInvoiceBodySchema>;

/** How a line is printed: TOMS lines (margin scheme, no VAT) or disbursements (outside the scope). */
export const VAT_TREATMENTS = ['toms', 'disbursement'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

export const InvoiceLineSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  line_id: z.number().int(),
  request: RequestRefSchema,
  /** The request line's status now. */
  line_status: z.enum(ACCOUNT_STATUSES).nullable(),
  account_type: z.enum(ACCOUNT_TYPES),
  vat_treatment: z.enum(VAT_TREATMENTS),
  description: z.string(),
  service_date_from: z.string().nullable(),
  service_date_to: z.string().nullable(),
  amount: DecimalString,
  credited_at: z.string().nullable(),
  reverses_line_id: z.number().int().nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

const invoiceShape = {
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  company: CompanyRefSchema,
  client: RefSchema,
  request: RequestRefSchema,
  currency: z.enum(RATE_CURRENCIES),
  issue_date: z.string(),
  due_date: z.string(),
  total: DecimalString,
  settled_amount: DecimalString,
  open_amount: DecimalString,
  payment_status: z.enum(DOCUMENT_PAYMENT_STATES),
  sent_at: z.string().nullable(),
  sent_to: z.string().nullable(),
  /** Not Paid and due before today. */
  overdue: z.boolean(),
  pdf_url: z.string(),
};
export const InvoiceListItemSchema = z.object(invoiceShape);
export type InvoiceListItem = z.infer<typeof InvoiceListItemSchema>;

export const CreditApplicationSchema = z.object({
  id: z.number().int(),
  credit_note: z.object({ id: z.number().int(), number: z.string() }),
  invoice: z.object({ id: z.number().int(), number: z.string() }),
  amount: DecimalString,
  created_at: z.string(),
});
export type CreditApplication = z.infer<typeof CreditApplicationSchema>;

export const InvoiceRecordSchema = z.object({
  ...invoiceShape,
  credits_invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  reason: z.string().nullable(),
  base_currency: z.enum(RATE_CURRENCIES),
  rate_set_id: z.number().int(),
  rate: DecimalString,
  total_base: DecimalString,
  bill_to: z.object({
    name: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    email: z.string().nullable(),
  }),
  internal_note: z.string().nullable(),
  lines: z.array(InvoiceLineSchema),
  credit_notes: z.array(z.object({ id: z.number().int(), number: z.string(), total: DecimalString })),
  applications: z.array(CreditApplicationSchema),
  created_by: RefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type InvoiceRecord = z.infer<typeof InvoiceRecordSchema>;

export const INVOICE_ORDERINGS = orderingsOf(['issue_date', 'due_date', 'number', 'total']);

/** `GET client-invoices/`: the register with the kind fixed to invoices and credit notes. */
export const InvoiceListQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  search: ListQuerySchema.shape.search,
  kind: enumField(INVOICE_KINDS).optional(),
  client: queryIdField().optional(),
  request: queryIdField().optional(),
  company: queryIdField().optional(),
  status: enumField(CLIENT_PAYMENT_STATUSES).optional(),
  currency: enumField(RATE_CURRENCIES).optional(),
  issue_date_after: dateField().optional(),
  issue_date_before: dateField().optional(),
  due_before: dateField().optional(),
  overdue: QueryBoolean.optional(),
  ordering: orderingQuery(INVOICE_ORDERINGS, '-issue_date'),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;
export const invoiceListEnvelope = z.object({
  data: z.array(InvoiceListItemSchema),
  meta: DirectoryListMetaSchema,
});
