import { z } from 'zod';
import { CompanyRefSchema, documentMoneyField, RefSchema } from '../accounting/accounting.common.ts';
import { DecimalString, ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import {
  DirectoryListMetaSchema,
  optionalRefId,
  orderingQuery,
  orderingsOf,
  versionField,
} from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import {
  dateField,
  decimalField,
  enumField,
  idField,
  optionalString,
  queryIdField,
  searchField,
} from '../validation/fields.schemas.ts';
import { TRANSACTION_TYPES, type TransactionType } from '../value-lists.ts';

/** The ways of spec section 3 as values (`TRANSACTION_WAYS` holds their labels). */
export const TRANSACTION_WAY_VALUES = ['pay', 'transfer', 'conversion', 'reduce', 'top_up'] as const;
export type TransactionWayValue = (typeof TRANSACTION_WAY_VALUES)[number];

/** The two legs of a transfer or conversion: made and deleted only through `transfers/`. */
export const TRANSFER_TYPES = [
  'SPEND-TRANSFER',
  'RECEIVE-TRANSFER',
] as const satisfies readonly TransactionType[];
/** The types a person enters by hand or a statement imports (not transfer legs). */
export const BANK_LINE_TYPES = TRANSACTION_TYPES.filter(
  (t): t is Exclude<TransactionType, (typeof TRANSFER_TYPES)[number]> => !t.endsWith('-TRANSFER'),
) as unknown as readonly [TransactionType, ...TransactionType[]];

/** Money in: the RECEIVE family. */
export const isReceiveType = (type: string): boolean => type.startsWith('RECEIVE');

/**
 * The ways each type takes (decision 0011): money in may top up a client's balance, money out may
 * reduce it (a refund of credit); transfer legs are transfers or conversions.
 */
export const TRANSACTION_TYPE_WAYS: Record<TransactionType, readonly TransactionWayValue[]> = {
  RECEIVE: ['pay', 'top_up'],
  SPEND: ['pay', 'reduce'],
  'RECEIVE-OVERPAYMENT': ['pay', 'top_up'],
  'SPEND-OVERPAYMENT': ['pay', 'reduce'],
  'RECEIVE-PREPAYMENT': ['pay', 'top_up'],
  'SPEND-PREPAYMENT': ['pay', 'reduce'],
  'RECEIVE-TRANSFER': ['transfer', 'conversion'],
  'SPEND-TRANSFER': ['transfer', 'conversion'],
};

/**
 * Money that becomes a client's credit (deposit): an overpayment, a prepayment or a top-up. Its
 * unallocated part is the balance; allocating it to an invoice is paying by Deposit (decision 0011).
 */
export const isCreditTransaction = (t: { type: string; way: string }): boolean =>
  t.type === 'RECEIVE-OVERPAYMENT' ||
  t.type === 'RECEIVE-PREPAYMENT' ||
  (isReceiveType(t.type) && t.way === 'top_up');

/** A refund of credit: money paid back to a client, reducing their balance (not matched to documents). */
export const isRefundTransaction = (t: {
  type: string;
  way: string;
  counterparty_kind: string | null;
}): boolean => !isReceiveType(t.type) && t.way === 'reduce' && t.counterparty_kind === 'client';

export const COUNTERPARTY_KINDS = ['client', 'supplier'] as const;
export type CounterpartyKind = (typeof COUNTERPARTY_KINDS)[number];

/** A bank's text of a line, as the bank sends it. */
export const TRANSACTION_REFERENCE_MAX = 500;

export const TransactionCounterpartySchema = z.object({
  kind: z.enum(COUNTERPARTY_KINDS),
  id: z.number().int(),
  name: z.string(),
});
export type TransactionCounterparty = z.infer<typeof TransactionCounterpartySchema>;

export const TransactionBankSchema = z.object({
  id: z.number().int(),
  named: z.string(),
  currency: z.enum(RATE_CURRENCIES),
  company: CompanyRefSchema,
});

/** `GET transactions/{id}/` and each row of the list. */
export const TransactionSchema = z.object({
  id: z.number().int(),
  bank: TransactionBankSchema,
  type: z.enum(TRANSACTION_TYPES),
  way: z.enum(TRANSACTION_WAY_VALUES),
  date: z.string(),
  amount: DecimalString,
  currency: z.enum(RATE_CURRENCIES),
  counterparty: TransactionCounterpartySchema.nullable(),
  reference: z.string().nullable(),
  card: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  /** The other leg of a transfer or conversion. */
  pair: z
    .object({
      id: z.number().int(),
      bank: z.string(),
      amount: DecimalString,
      currency: z.enum(RATE_CURRENCIES),
    })
    .nullable(),
  /** A conversion's rate: the other leg's currency per unit of the SPEND leg's. */
  rate: DecimalString.nullable(),
  import_id: z.number().int().nullable(),
  allocated_amount: DecimalString,
  open_amount: DecimalString,
  match_status: z.enum(['matched', 'unmatched']),
  /** Counts toward the client's balance (decision 0011, "Client balances"). */
  is_credit: z.boolean(),
  created_by: RefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/**
 * `POST transactions/`: a bank line entered by hand. `currency`, when given, must be the bank
 * account's (`bank_currency_mismatch`); transfer legs come only from `transfers/`.
 */
export const TransactionBodySchema = z.strictObject({
  bank: idField(),
  type: enumField(TRANSACTION_TYPES),
  way: enumField(TRANSACTION_WAY_VALUES).default('pay'),
  date: dateField(),
  amount: documentMoneyField(),
  currency: enumField(RATE_CURRENCIES).optional(),
  counterparty_kind: enumField(COUNTERPARTY_KINDS).nullable().optional(),
  counterparty: optionalRefId(),
  reference: optionalString(TRANSACTION_REFERENCE_MAX, { multiline: true }).nullable(),
  /** The company card a SPEND was paid with; its bank account must be the line's. */
  card: optionalRefId(),
});
export type TransactionBody = z.infer<typeof TransactionBodySchema>;

/**
 * `PATCH transactions/{id}/`: any field of the body. While allocated only the reference, the
 * counterparty and the card may change (`transaction_allocated` otherwise).
 */
export const UpdateTransactionBodySchema = TransactionBodySchema.omit({ bank: true })
  .partial()
  .extend({ way: enumField(TRANSACTION_WAY_VALUES).optional(), version: versionField() })
  .strict();
export type UpdateTransactionBody = z.infer<typeof UpdateTransactionBodySchema>;

/**
 * `POST transfers/`: the linked pair in one step, SPEND-TRANSFER on `from_bank` and
 * RECEIVE-TRANSFER on `to_bank`. Between currencies it is a conversion and needs `rate` (target per
 * source unit; the target amount is amount × rate rounded to cents) or `to_amount` (the rate is then
 * derived); without either `rate_required`.
 */
export const TransferBodySchema = z.strictObject({
  from_bank: idField(),
  to_bank: idField(),
  date: dateField(),
  amount: documentMoneyField(),
  to_amount: documentMoneyField().optional(),
  rate: decimalField({ scale: 6, min: '0.000001', max: '999999' }).optional(),
  reference: optionalString(TRANSACTION_REFERENCE_MAX, { multiline: true }).nullable(),
});
export type TransferBody = z.infer<typeof TransferBodySchema>;

/** `POST transfers/` answers both legs. */
export const TransferSchema = z.object({ out: TransactionSchema, in: TransactionSchema });
export type Transfer = z.infer<typeof TransferSchema>;

export const TRANSACTION_ORDERINGS = orderingsOf(['date', 'amount', 'id']);

/** `GET transactions/`: every filter is an indexed condition (decision 0011). */
export const TransactionListQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  /** Reference words, the counterparty's name, an amount (`1200.00`) or an id. */
  search: searchField().optional(),
  bank: queryIdField().optional(),
  company: queryIdField().optional(),
  currency: enumField(RATE_CURRENCIES).optional(),
  type: enumField(TRANSACTION_TYPES).optional(),
  way: enumField(TRANSACTION_WAY_VALUES).optional(),
  match_status: enumField(['matched', 'unmatched'] as const).optional(),
  counterparty_kind: enumField(COUNTERPARTY_KINDS).optional(),
  counterparty: queryIdField().optional(),
  /** Only credit (deposit) transactions. */
  credit: QueryBoolean.optional(),
  import: queryIdField().optional(),
  date_from: dateField().optional(),
  date_to: dateField().optional(),
  ordering: orderingQuery(TRANSACTION_ORDERINGS, '-date'),
});
export type TransactionListQuery = z.infer<typeof TransactionListQuerySchema>;

export const transactionListEnvelope = z.object({
  data: z.array(TransactionSchema),
  meta: DirectoryListMetaSchema,
});

/** The sentences of the transaction rules (decision 0011). */
export const TRANSACTION_MESSAGES = {
  bankCurrency: (bank: string, currency: string, held: string) =>
    `${bank} holds ${held}; a line in ${currency} cannot be entered on it`,
  wayOfType: (way: string, type: string) => `Way ${way} does not go with a ${type} transaction`,
  transferLeg: 'Transfers and conversions are entered as a pair: use New transfer',
  isTransfer: 'This line is one leg of a transfer; it is matched by its pair, not to a document',
  allocated: (open: string) =>
    `This transaction is matched (${open}); unmatch its allocations before changing its amount, date, type or account`,
  cardNotSpend: 'A bank card is recorded only on a SPEND',
  cardOfAnotherBank: (card: string, bank: string) => `Card ${card} is tied to another account than ${bank}`,
  sameBank: 'Choose two different accounts',
  rateRequired: (from: string, to: string) =>
    `A conversion from ${from} to ${to} needs its rate or the amount received`,
  companyOfTransfer: 'Both accounts of a transfer must belong to the same company',
  /** A credit (overpayment, prepayment, top-up) or a reduce of credit is some client's balance. */
  creditNeedsClient: 'A credit or a use of credit belongs to a client: choose the client',
  allocatedCounterparty:
    'This transaction is matched to documents of its counterparty; unmatch them before changing the counterparty',
  transferFields:
    'Only the date and reference of a transfer change; to change its amounts or accounts, delete it and enter it again',
  transferAmounts: (expected: string, given: string) =>
    `At this rate the amount received is ${expected}, not ${given}`,
  sameCurrencyAmounts: 'Between accounts in one currency the amount received is the amount sent',
  bankHasTransactions: (count: number) =>
    `This account has ${count} bank transaction${count === 1 ? '' : 's'}; its currency can no longer change`,
  bankCompanyHasTransactions: (count: number) =>
    `This account has ${count} bank transaction${count === 1 ? '' : 's'} in its company's books; it can no longer move to another company`,
} as const;
