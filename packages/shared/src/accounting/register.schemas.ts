import { z } from 'zod';
import { DecimalString, ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import {
  DirectoryListMetaSchema,
  exportFormatQuery,
  orderingQuery,
  orderingsOf,
} from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { dateField, enumField, queryIdField } from '../validation/fields.schemas.ts';
import { CLIENT_PAYMENT_STATUSES } from '../value-lists.ts';
import {
  CompanyRefSchema,
  CurrencyTotalsSchema,
  DOCUMENT_KINDS,
  DOCUMENT_PAYMENT_STATES,
  RefSchema,
} from './accounting.common.ts';

export const REGISTER_ORDERINGS = orderingsOf(['issue_date', 'due_date', 'number', 'counterparty', 'total']);

const registerFilterShape = {
  search: ListQuerySchema.shape.search,
  kind: enumField(DOCUMENT_KINDS).optional(),
  /** Sent / Not sent apply to invoices and credit notes; Unpaid / Partial / Paid to every document. */
  status: enumField(CLIENT_PAYMENT_STATUSES).optional(),
  company: queryIdField().optional(),
  client: queryIdField().optional(),
  supplier: queryIdField().optional(),
  currency: enumField(RATE_CURRENCIES).optional(),
  issue_date_after: dateField().optional(),
  issue_date_before: dateField().optional(),
  due_before: dateField().optional(),
  overdue: QueryBoolean.optional(),
};

/** `GET invoices-and-bills/`: client invoices, credit notes and bills in one list. */
export const RegisterQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  ...registerFilterShape,
  ordering: orderingQuery(REGISTER_ORDERINGS, '-issue_date'),
});
export type RegisterQuery = z.infer<typeof RegisterQuerySchema>;

/** `GET invoices-and-bills/totals/` takes the same filters. */
export const RegisterTotalsQuerySchema = z.object(registerFilterShape);
export type RegisterTotalsQuery = z.infer<typeof RegisterTotalsQuerySchema>;

/** `GET invoices-and-bills/export/?format=csv|xlsx` (at most 10,000 rows). */
export const RegisterExportQuerySchema = z.object({
  ...registerFilterShape,
  ordering: orderingQuery(REGISTER_ORDERINGS, '-issue_date'),
  format: exportFormatQuery,
});
export type RegisterExportQuery = z.infer<typeof RegisterExportQuerySchema>;
export const REGISTER_EXPORT_MAX_ROWS = 10_000;

export const RegisterRowSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  id: z.number().int(),
  number: z.string(),
  company: CompanyRefSchema,
  counterparty: RefSchema.extend({ kind: z.enum(['client', 'supplier']) }),
  request_numbers: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  currency: z.enum(RATE_CURRENCIES),
  total: DecimalString,
  settled_amount: DecimalString,
  open_amount: DecimalString,
  payment_status: z.enum(DOCUMENT_PAYMENT_STATES),
  /** Invoices and credit notes; null on a bill. */
  sent: z.boolean().nullable(),
  overdue: z.boolean(),
  /** The web path of the document's page. */
  url: z.string(),
});
export type RegisterRow = z.infer<typeof RegisterRowSchema>;
export const registerListEnvelope = z.object({
  data: z.array(RegisterRowSchema),
  meta: DirectoryListMetaSchema,
});
export const registerTotalsEnvelope = z.object({ data: z.array(CurrencyTotalsSchema) });
