import { z } from 'zod';
import { DecimalString, ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import {
  DirectoryListMetaSchema,
  orderingQuery,
  orderingsOf,
  versionField,
} from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { dateField, enumField, idField, queryIdField, uniqueArray } from '../validation/fields.schemas.ts';
import { formatDisplayDate } from '../validation/messages.ts';
import { ACCOUNT_STATUSES, DEADLINE_PAYMENT_TYPES, PAYMENT_VOUCHER_STATUSES } from '../value-lists.ts';
import { CompanyRefSchema, RefSchema, RequestRefSchema } from './accounting.common.ts';

/** `PATCH payment-vouchers/{id}/`: approve (Active) or revoke (Inactive). Paid comes only from matching. */
export const UpdateVoucherBodySchema = z.strictObject({
  status: enumField(PAYMENT_VOUCHER_STATUSES),
  version: versionField(),
});
export type UpdateVoucherBody = z.infer<typeof UpdateVoucherBodySchema>;

/** At most this many vouchers approved or revoked in one call. */
export const VOUCHER_BULK_MAX = 500;

/**
 * `POST payment-vouchers/approve/`: approve (Active) or revoke (Inactive) several vouchers at once,
 * all or none: each is checked as `PATCH` checks it, at its current version.
 */
export const BulkVoucherStatusBodySchema = z.strictObject({
  ids: uniqueArray(idField())
    .min(1, 'Choose at least one voucher')
    .max(VOUCHER_BULK_MAX, `At most ${VOUCHER_BULK_MAX} vouchers`),
  status: enumField(PAYMENT_VOUCHER_STATUSES),
});
export type BulkVoucherStatusBody = z.infer<typeof BulkVoucherStatusBodySchema>;

/** The sentences of the voucher rules (decision 0010). */
export const VOUCHER_MESSAGES = {
  approved: (type: string, dueDate: string) =>
    `The ${type} of ${formatDisplayDate(dueDate)} is approved for payment; an Accountant must revoke it first`,
  paidDeadline: (type: string, dueDate: string) =>
    `The ${type} of ${formatDisplayDate(dueDate)} is paid; it can no longer change`,
  paidByMatching: 'A voucher becomes Paid only when a payment is matched to it',
  paid: (type: string, dueDate: string) =>
    `The ${type} of ${formatDisplayDate(dueDate)} is paid; it can no longer be approved or revoked`,
} as const;

export const VoucherSchema = z.object({
  id: z.number().int(),
  deadline_id: z.number().int(),
  type: z.enum(DEADLINE_PAYMENT_TYPES),
  due_date: z.string(),
  amount: DecimalString,
  currency: z.enum(RATE_CURRENCIES),
  settled_amount: DecimalString,
  status: z.enum(PAYMENT_VOUCHER_STATUSES),
  /** Due before today and not Paid. */
  overdue: z.boolean(),
  supplier: RefSchema,
  company: CompanyRefSchema,
  request: RequestRefSchema,
  line: z.object({
    id: z.number().int(),
    service_type: z.string(),
    status: z.enum(ACCOUNT_STATUSES).nullable(),
  }),
  approved_at: z.string().nullable(),
  approved_by: RefSchema.nullable(),
  version: z.number().int(),
});
export type Voucher = z.infer<typeof VoucherSchema>;

export const VOUCHER_ORDERINGS = orderingsOf(['due_date', 'amount']);
export const VOUCHER_DUE_FILTERS = ['this_week'] as const;
export const VOUCHER_GROUPINGS = ['supplier'] as const;

/**
 * `GET payment-vouchers/`. `due=this_week`: due on or before this ISO week's Sunday and not Paid
 * (overdue included). `group=supplier` adds `meta.groups`, one per supplier and currency.
 */
export const VoucherListQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  status: enumField(PAYMENT_VOUCHER_STATUSES).optional(),
  supplier: queryIdField().optional(),
  company: queryIdField().optional(),
  request: queryIdField().optional(),
  currency: enumField(RATE_CURRENCIES).optional(),
  due_before: dateField().optional(),
  due_after: dateField().optional(),
  overdue: QueryBoolean.optional(),
  due: enumField(VOUCHER_DUE_FILTERS).optional(),
  group: enumField(VOUCHER_GROUPINGS).optional(),
  ordering: orderingQuery(VOUCHER_ORDERINGS, 'due_date'),
});
export type VoucherListQuery = z.infer<typeof VoucherListQuerySchema>;

export const VoucherGroupSchema = z.object({
  supplier: RefSchema,
  currency: z.enum(RATE_CURRENCIES),
  count: z.number().int(),
  amount: DecimalString,
});
export type VoucherGroup = z.infer<typeof VoucherGroupSchema>;
export const voucherListEnvelope = z.object({
  data: z.array(VoucherSchema),
  meta: DirectoryListMetaSchema.extend({ groups: z.array(VoucherGroupSchema).optional() }),
});
