import { documentMoneyField } from '@app/shared/accounting/accounting.common';
import {
  BANK_LINE_TYPES,
  type CounterpartyKind,
  isCreditTransaction,
  isReceiveType,
  TRANSACTION_MESSAGES,
  TRANSACTION_REFERENCE_MAX,
  TRANSACTION_TYPE_WAYS,
  TRANSACTION_WAY_VALUES,
  type Transaction,
  type TransactionBody,
  type TransactionWayValue,
  type UpdateTransactionBody,
} from '@app/shared/banking/transactions.schemas';
import { sameDecimal } from '@app/shared/rates/rate-math';
import { dateField, enumField, idField, optionalString } from '@app/shared/validation/fields.schemas';
import { MESSAGES } from '@app/shared/validation/messages';
import type { TransactionType } from '@app/shared/value-lists';
import { z } from 'zod';
import { transactionTypeLabel, transactionWayLabel } from '../common/transaction-cells.tsx';

/** What the transaction dialog holds. The date is `YYYY-MM-DD` ('' = none). */
export interface TransactionFormInput {
  bank: number | null;
  type: TransactionType;
  way: TransactionWayValue;
  date: string;
  amount: string;
  counterparty_kind: CounterpartyKind;
  counterparty: number | null;
  reference: string;
  card: number | null;
}

/** The types a person enters by hand: transfer legs come in pairs from New transfer. */
export const LINE_TYPE_OPTIONS = BANK_LINE_TYPES.map((value) => ({
  value,
  named: transactionTypeLabel(value),
}));

/** The ways a type takes, in words ('Top-Up (increase balance)' for money in, 'Reduce balance' out). */
export function wayOptions(type: TransactionType): { value: TransactionWayValue; label: string }[] {
  return TRANSACTION_TYPE_WAYS[type].map((value) => ({ value, label: transactionWayLabel(value, type) }));
}

/** A bank card is recorded only on a SPEND (`TRANSACTION_MESSAGES.cardNotSpend`). */
export const takesCard = (type: string) => type === 'SPEND';

/**
 * Credit (an overpayment, a prepayment, a top-up) and its use (`reduce`) are some client's
 * balance: they need the client (`TRANSACTION_MESSAGES.creditNeedsClient`).
 */
export const needsClient = (type: string, way: string) =>
  isCreditTransaction({ type, way }) || way === 'reduce';

/** Money in comes from a client, money out goes to a supplier, unless the person says otherwise. */
export const usualCounterparty = (type: string): CounterpartyKind =>
  isReceiveType(type) ? 'client' : 'supplier';

/** The contract's own fields, so the browser refuses what the server would; the way must fit the type. */
export const TransactionFormSchema = z
  .object({
    bank: idField(),
    type: enumField(BANK_LINE_TYPES),
    way: enumField(TRANSACTION_WAY_VALUES),
    date: dateField(),
    amount: documentMoneyField(),
    counterparty_kind: z.enum(['client', 'supplier']),
    counterparty: idField().nullable(),
    reference: optionalString(TRANSACTION_REFERENCE_MAX, { multiline: true }),
    card: idField().nullable(),
  })
  .superRefine((v, ctx) => {
    if (!TRANSACTION_TYPE_WAYS[v.type].includes(v.way))
      ctx.addIssue({ code: 'custom', path: ['way'], message: MESSAGES.invalidValue });
    if (needsClient(v.type, v.way) && (v.counterparty_kind !== 'client' || v.counterparty === null))
      ctx.addIssue({
        code: 'custom',
        path: ['counterparty'],
        message: TRANSACTION_MESSAGES.creditNeedsClient,
      });
  });
export type TransactionFormOutput = z.output<typeof TransactionFormSchema>;

/** The server's field names, each shown under the form's field (the currency belongs to the account). */
export const TRANSACTION_FORM_FIELDS: Readonly<Record<string, string>> = {
  bank: 'bank',
  currency: 'bank',
  type: 'type',
  way: 'way',
  date: 'date',
  amount: 'amount',
  counterparty_kind: 'counterparty',
  counterparty: 'counterparty',
  reference: 'reference',
  card: 'card',
};

export function emptyTransactionForm(today: string): TransactionFormInput {
  return {
    bank: null,
    type: 'RECEIVE',
    way: 'pay',
    date: today,
    amount: '',
    counterparty_kind: 'client',
    counterparty: null,
    reference: '',
    card: null,
  };
}

export function transactionFormValues(t: Transaction): TransactionFormInput {
  return {
    bank: t.bank.id,
    type: t.type,
    way: t.way,
    date: t.date,
    amount: t.amount,
    counterparty_kind: t.counterparty?.kind ?? usualCounterparty(t.type),
    counterparty: t.counterparty?.id ?? null,
    reference: t.reference ?? '',
    card: t.card?.id ?? null,
  };
}

/** `POST transactions/`: the currency is the account's (the server takes it from there). */
export function createTransactionBody(v: TransactionFormOutput): TransactionBody {
  return {
    bank: v.bank,
    type: v.type,
    way: v.way,
    date: v.date,
    amount: v.amount,
    counterparty_kind: v.counterparty === null ? null : v.counterparty_kind,
    counterparty: v.counterparty,
    reference: v.reference ? v.reference : null,
    card: takesCard(v.type) ? v.card : null,
  };
}

/**
 * `PATCH transactions/{id}/`: only what changed, so a matched line (whose amount, date, type and
 * way are fixed) can still take a new reference, counterparty or card.
 */
export function updateTransactionBody(v: TransactionFormOutput, t: Transaction): UpdateTransactionBody {
  const body: UpdateTransactionBody = { version: t.version };
  if (v.type !== t.type) body.type = v.type;
  if (v.way !== t.way) body.way = v.way;
  if (v.date !== t.date) body.date = v.date;
  // '1200' and '1200.00' are the same amount
  if (!sameDecimal(v.amount, t.amount)) body.amount = v.amount;
  const kind = v.counterparty === null ? null : v.counterparty_kind;
  if (v.counterparty !== (t.counterparty?.id ?? null) || kind !== (t.counterparty?.kind ?? null)) {
    body.counterparty_kind = kind;
    body.counterparty = v.counterparty;
  }
  const reference = v.reference ? v.reference : null;
  if (reference !== t.reference) body.reference = reference;
  const card = takesCard(v.type) ? v.card : null;
  if (card !== (t.card?.id ?? null)) body.card = card;
  return body;
}
