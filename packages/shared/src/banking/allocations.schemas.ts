import { z } from 'zod';
import { documentMoneyField, RefSchema } from '../accounting/accounting.common.ts';
import { DecimalString, ListQuerySchema } from '../api/envelope.ts';
import { DirectoryListMetaSchema } from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { idField, queryIdField } from '../validation/fields.schemas.ts';
import { TRANSACTION_TYPES } from '../value-lists.ts';

/** What an allocation settles: a client invoice (or credit note), a bill, a payment voucher. */
export const ALLOCATION_TARGETS = ['invoice', 'bill', 'voucher'] as const;
export type AllocationTarget = (typeof ALLOCATION_TARGETS)[number];

/**
 * `POST allocations/` (API.md: `{transaction, invoice, amount}` and, across currencies,
 * `invoice_amount`): exactly one of `invoice`, `bill`, `voucher`, or a `voucher` with its `bill`
 * (one payment settles both). `amount` is in the transaction's currency; `invoice_amount` in the
 * document's, required when the currencies differ (`rate_required`) and equal to `amount` otherwise.
 * `POST allocations/preview/` takes the same body and answers what would be stored, writing nothing.
 */
export const AllocationBodySchema = z
  .strictObject({
    transaction: idField(),
    invoice: idField().optional(),
    bill: idField().optional(),
    voucher: idField().optional(),
    amount: documentMoneyField(),
    invoice_amount: documentMoneyField().optional(),
  })
  .refine((b) => (b.invoice !== undefined) !== (b.bill !== undefined || b.voucher !== undefined), {
    message: 'Choose one invoice, bill or voucher',
    path: ['invoice'],
  });
export type AllocationBody = z.infer<typeof AllocationBodySchema>;

export const AllocationDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note', 'bill', 'voucher']),
  id: z.number().int(),
  /** The invoice or bill number; a voucher's reads 'Deposit of 12 Mar 2026 · BSLF-2026-00042'. */
  number: z.string(),
  currency: z.enum(RATE_CURRENCIES),
  counterparty: RefSchema,
});
export type AllocationDocument = z.infer<typeof AllocationDocumentSchema>;

/** One allocation as stored, with both sides named. */
export const AllocationSchema = z.object({
  id: z.number().int(),
  transaction: z.object({
    id: z.number().int(),
    type: z.enum(TRANSACTION_TYPES),
    date: z.string(),
    amount: DecimalString,
    currency: z.enum(RATE_CURRENCIES),
    bank: z.string(),
    reference: z.string().nullable(),
  }),
  /** The document it settles (the voucher when both a voucher and its bill are). */
  document: AllocationDocumentSchema,
  /** The bill settled alongside a voucher. */
  bill: AllocationDocumentSchema.nullable(),
  amount: DecimalString,
  currency: z.enum(RATE_CURRENCIES),
  document_amount: DecimalString,
  document_currency: z.enum(RATE_CURRENCIES),
  /** Document currency per unit of the transaction's. */
  rate: DecimalString,
  base_currency: z.enum(RATE_CURRENCIES),
  base_amount: DecimalString,
  document_base_amount: DecimalString,
  /** Realised FX gain (+) or loss (−) in the base currency. */
  fx_difference: DecimalString,
  /** Paid from the client's credit (payment method Deposit, way reduce). */
  from_credit: z.boolean(),
  date: z.string(),
  created_by: RefSchema.nullable(),
  created_at: z.string(),
});
export type Allocation = z.infer<typeof AllocationSchema>;

/** `POST allocations/preview/`: what would be stored, and both sides' open amounts after it. */
export const AllocationPreviewSchema = AllocationSchema.pick({
  amount: true,
  currency: true,
  document_amount: true,
  document_currency: true,
  rate: true,
  base_currency: true,
  base_amount: true,
  document_base_amount: true,
  fx_difference: true,
  from_credit: true,
}).extend({
  transaction_open_after: DecimalString,
  document_open_after: DecimalString,
  /** The document would be Paid. */
  settles_document: z.boolean(),
});
export type AllocationPreview = z.infer<typeof AllocationPreviewSchema>;

/** `GET allocations/`: by transaction, document or client. */
export const AllocationListQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  transaction: queryIdField().optional(),
  invoice: queryIdField().optional(),
  bill: queryIdField().optional(),
  voucher: queryIdField().optional(),
  client: queryIdField().optional(),
  supplier: queryIdField().optional(),
});
export type AllocationListQuery = z.infer<typeof AllocationListQuerySchema>;
export const allocationListEnvelope = z.object({
  data: z.array(AllocationSchema),
  meta: DirectoryListMetaSchema,
});

/** Why a document is suggested, each with its weight in the ranking (decision 0011). */
export const SUGGESTION_REASONS = {
  reference: { weight: 50, label: 'Number in the bank text' },
  amount_exact: { weight: 30, label: 'Amount matches' },
  amount_close: { weight: 15, label: 'Amount within 1%' },
  counterparty: { weight: 15, label: 'Same counterparty' },
  due_soon: { weight: 5, label: 'Due within 30 days' },
} as const;
export type SuggestionReason = keyof typeof SUGGESTION_REASONS;
export const SUGGESTIONS_MAX = 20;

/** `GET transactions/{id}/suggestions/`: open documents, best first. */
export const SuggestionSchema = z.object({
  kind: z.enum(['invoice', 'credit_note', 'bill', 'voucher']),
  id: z.number().int(),
  number: z.string(),
  counterparty: RefSchema,
  currency: z.enum(RATE_CURRENCIES),
  total: DecimalString,
  open_amount: DecimalString,
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  score: z.number().int(),
  reasons: z.array(z.enum(Object.keys(SUGGESTION_REASONS) as [SuggestionReason, ...SuggestionReason[]])),
  /** The reasons in words: 'Number in the bank text · Amount matches'. */
  reason: z.string(),
  /** What allocating would take: the smaller open amount, in the transaction's currency ... */
  amount: DecimalString,
  /** ... and in the document's (at the rate of the set in force on the transaction date). */
  invoice_amount: DecimalString,
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

/** `GET clients/{id}/balance/`: the deposit per currency and its movements, newest first. */
export const ClientBalanceSchema = z.object({
  client: RefSchema,
  balances: z.array(
    z.object({
      currency: z.enum(RATE_CURRENCIES),
      credit: DecimalString,
      used: DecimalString,
      balance: DecimalString,
    }),
  ),
  movements: z.array(
    z.object({
      /** `credit`: money received as credit; `use`: an invoice paid from it; `refund`: paid back. */
      kind: z.enum(['credit', 'use', 'refund']),
      date: z.string(),
      currency: z.enum(RATE_CURRENCIES),
      /** Signed: + for credit, − for a use or refund. */
      amount: DecimalString,
      transaction: z.object({
        id: z.number().int(),
        type: z.enum(TRANSACTION_TYPES),
        reference: z.string().nullable(),
      }),
      invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
      allocation_id: z.number().int().nullable(),
      /** The currency's balance after this movement. */
      balance_after: DecimalString,
    }),
  ),
});
export type ClientBalance = z.infer<typeof ClientBalanceSchema>;

/** The sentences of the matching rules (decision 0011). */
export const ALLOCATION_MESSAGES = {
  overDocument: (amount: string, open: string, document: string) =>
    `Allocation of ${amount} exceeds the open ${open} of ${document}`,
  overTransaction: (amount: string, open: string, transaction: string) =>
    `Allocation of ${amount} exceeds the open ${open} of ${transaction}`,
  otherCounterparty: (document: string, counterparty: string) =>
    `${document} belongs to ${counterparty}, not to this transaction's counterparty`,
  wrongDirection: (type: string, document: string) => `A ${type} transaction cannot settle ${document}`,
  rateRequired: (from: string, to: string) =>
    `The transaction is in ${from} and the document in ${to}: give the amount in ${to} too`,
  sameCurrencyAmounts: 'In one currency the document amount equals the amount',
  voucherOfAnotherBill: (voucher: string, bill: string) => `${voucher} is not for a line of bill ${bill}`,
  otherCompany: (document: string, bank: string, company: string) =>
    `${document} is not a document of ${company}, which holds ${bank}`,
  pairCurrencies: (voucher: string, bill: string) =>
    `${voucher} and ${bill} are in different currencies: one payment settles both only in one currency`,
  isTransfer: 'A transfer leg is not matched to documents',
  paidDocument: (document: string) => `${document} is already paid`,
  creditNote: (document: string) => `${document} is a credit note; it settles its invoice, not a bank line`,
} as const;
