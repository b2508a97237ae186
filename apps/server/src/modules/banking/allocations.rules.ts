import {
  ALLOCATION_MESSAGES,
  type AllocationBody,
  findRate,
  formatDisplayDate,
  isCreditTransaction,
  isReceiveType,
  isRefundTransaction,
  type RateLike,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import { AppError } from '../../platform/errors.ts';
import { NO_RATE_SET } from '../accounting/invoices.errors.ts';
import type { SettlementDocument } from '../accounting/settlement.ts';

/**
 * The matching rules of decision 0011 ("Allocations") as pure functions over what the service
 * read under its locks: each refusal is a 400 with its sentence, and the amounts an allocation
 * stores (both sides, the rate, the base values and the realised FX) are computed here with
 * decimal.js, HALF_UP to cents (rates to 6 places).
 */

type Code = ConstructorParameters<typeof AppError>[0];
const rule = (code: Code, message: string) => new AppError(code, message, { rule: true });
const HALF_UP = Decimal.ROUND_HALF_UP;
const cents = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, HALF_UP);
export const money = (v: Decimal.Value) => cents(v).toFixed(2);

/** 'GBP 1,200.00': the amounts in the sentences. */
export function moneyLabel(currency: string, amount: Decimal.Value): string {
  const [whole, part] = cents(amount).abs().toFixed(2).split('.');
  const sign = new Decimal(amount).isNegative() && !cents(amount).isZero() ? '−' : '';
  return `${sign}${currency} ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${part}`;
}

/** The bank line as the allocation reads it (locked), with its account's company. */
export interface AllocationTransaction {
  id: number;
  type: string;
  way: string;
  date: string;
  amount: string;
  allocated_amount: string;
  currency: string;
  counterparty_kind: 'client' | 'supplier' | null;
  counterparty_id: number | null;
  reference: string | null;
  /** The document numbers of the bank text (suggestions). */
  reference_words: string[];
  bank_id: number;
  bank_named: string;
  company_id: number;
  company_code: string;
  base_currency: string;
}

export const transactionLabel = (t: Pick<AllocationTransaction, 'id' | 'type' | 'date'>) =>
  `${t.type} transaction #${t.id} of ${formatDisplayDate(t.date)}`;

const KIND_WORDS: Record<SettlementDocument['kind'], string> = {
  invoice: 'invoice',
  credit_note: 'credit note',
  bill: 'bill',
  voucher: 'voucher',
};
export const documentLabel = (d: Pick<SettlementDocument, 'kind' | 'number'>) =>
  `${KIND_WORDS[d.kind]} ${d.number}`;

export { isRefundTransaction };

const isTransfer = (type: string) => type.endsWith('-TRANSFER');

export const open = (total: Decimal.Value, settled: Decimal.Value) => new Decimal(total).minus(settled);

/** The documents one allocation settles: an invoice, a bill, a voucher, or a voucher with its bill. */
export interface AllocationDocuments {
  /** The document named first: the invoice, the bill alone, or the voucher. */
  main: SettlementDocument;
  /** The bill settled alongside a voucher. */
  bill: SettlementDocument | null;
}

/** Transfer legs, direction, credit notes, company and counterparty: nothing is written on a refusal. */
export function checkParties(t: AllocationTransaction, docs: AllocationDocuments): void {
  const { main, bill } = docs;
  if (isTransfer(t.type)) throw rule('TRANSACTION_IS_TRANSFER', ALLOCATION_MESSAGES.isTransfer);
  if (main.kind === 'credit_note')
    throw rule('ALLOCATION_WRONG_DIRECTION', ALLOCATION_MESSAGES.creditNote(main.number));
  const receipt = isReceiveType(t.type);
  const wanted = receipt ? main.kind === 'invoice' : main.kind === 'bill' || main.kind === 'voucher';
  if (!wanted || isRefundTransaction(t)) {
    const type = isRefundTransaction(t) ? `${t.type} (Reduce balance)` : t.type;
    throw rule('ALLOCATION_WRONG_DIRECTION', ALLOCATION_MESSAGES.wrongDirection(type, documentLabel(main)));
  }
  for (const d of [main, bill]) {
    if (!d) continue;
    if (d.company_id !== t.company_id)
      throw rule(
        'ALLOCATION_OTHER_COUNTERPARTY',
        ALLOCATION_MESSAGES.otherCompany(documentLabel(d), t.bank_named, t.company_code),
      );
    if (
      t.counterparty_kind !== null &&
      (t.counterparty_kind !== d.counterparty_kind || t.counterparty_id !== d.counterparty_id)
    )
      throw rule(
        'ALLOCATION_OTHER_COUNTERPARTY',
        ALLOCATION_MESSAGES.otherCounterparty(documentLabel(d), d.counterparty_name),
      );
  }
  if (bill && bill.currency !== main.currency)
    throw rule(
      'CURRENCY_MISMATCH',
      ALLOCATION_MESSAGES.pairCurrencies(documentLabel(main), documentLabel(bill)),
    );
}

/** Both amounts and the rate (document currency per transaction currency, 6 places). */
export interface AllocationAmounts {
  amount: string;
  document_amount: string;
  rate: string;
}

export function resolveAmounts(
  t: AllocationTransaction,
  main: SettlementDocument,
  body: Pick<AllocationBody, 'amount' | 'invoice_amount'>,
): AllocationAmounts {
  const amount = money(body.amount);
  if (t.currency === main.currency) {
    if (body.invoice_amount !== undefined && !new Decimal(body.invoice_amount).equals(amount))
      throw AppError.fields({ invoice_amount: [ALLOCATION_MESSAGES.sameCurrencyAmounts] });
    return { amount, document_amount: amount, rate: '1.000000' };
  }
  if (body.invoice_amount === undefined)
    throw rule('RATE_REQUIRED', ALLOCATION_MESSAGES.rateRequired(t.currency, main.currency));
  const documentAmount = money(body.invoice_amount);
  const rate = new Decimal(documentAmount).dividedBy(amount).toDecimalPlaces(6, HALF_UP);
  if (rate.isZero())
    throw AppError.fields({ invoice_amount: [`The rate ${documentAmount} / ${amount} rounds to zero`] });
  // the stored rate is NUMERIC(18,6): a larger one is a typing slip, not a currency pair
  if (rate.greaterThan(ALLOCATION_RATE_MAX))
    throw AppError.fields({
      invoice_amount: [`The rate ${documentAmount} / ${amount} is above ${ALLOCATION_RATE_MAX}`],
    });
  return { amount, document_amount: documentAmount, rate: rate.toFixed(6) };
}

/** The largest rate an allocation stores (the transfers' bound too). */
const ALLOCATION_RATE_MAX = '999999';

/**
 * Open amounts on both sides, read under the locks: the transaction's (amount − allocated) and
 * each document's (total − settled). `creditBalance` is the client's balance in the transaction's
 * currency when it pays from credit (refunds come out of it too).
 */
export function checkOpen(
  t: AllocationTransaction,
  docs: AllocationDocuments,
  a: AllocationAmounts,
  creditBalance: { balance: string; client: string } | null,
): void {
  for (const d of [docs.main, docs.bill]) {
    if (!d) continue;
    const left = open(d.total, d.settled_amount);
    if (left.lte(0)) throw rule('OVER_ALLOCATION', ALLOCATION_MESSAGES.paidDocument(documentLabel(d)));
    if (new Decimal(a.document_amount).gt(left))
      throw rule(
        'OVER_ALLOCATION',
        ALLOCATION_MESSAGES.overDocument(
          moneyLabel(d.currency, a.document_amount),
          moneyLabel(d.currency, left),
          documentLabel(d),
        ),
      );
  }
  const left = open(t.amount, t.allocated_amount);
  if (new Decimal(a.amount).gt(left))
    throw rule(
      'OVER_ALLOCATION',
      ALLOCATION_MESSAGES.overTransaction(
        moneyLabel(t.currency, a.amount),
        moneyLabel(t.currency, left),
        transactionLabel(t),
      ),
    );
  if (creditBalance && new Decimal(a.amount).gt(creditBalance.balance))
    throw rule(
      'OVER_ALLOCATION',
      ALLOCATION_MESSAGES.overTransaction(
        moneyLabel(t.currency, a.amount),
        moneyLabel(t.currency, creditBalance.balance),
        `the ${t.currency} balance of ${creditBalance.client}`,
      ),
    );
}

export { NO_RATE_SET };

/** The base values and the realised FX difference, in the company's base currency. */
export interface AllocationFx {
  base_amount: string;
  document_base_amount: string;
  fx_difference: string;
}

/**
 * `base_amount`: the money at the rate set in force on the transaction date (sell side for a
 * receipt, buy for a payment); `document_base_amount`: the document amount at the document's
 * stamped rate (a voucher has none: its bill's when one is settled alongside, else the same set
 * as the money). The difference is a gain (+) when more came in (or less went out) in base than
 * the document booked.
 */
export function computeFx(
  t: AllocationTransaction,
  docs: AllocationDocuments,
  a: AllocationAmounts,
  rates: readonly RateLike[] | null,
): AllocationFx {
  const receipt = isReceiveType(t.type);
  const side = receipt ? 'sell' : 'buy';
  const toBase = (currency: string) => {
    if (currency === t.base_currency) return '1';
    const found = rates ? findRate(rates, currency, t.base_currency, side) : null;
    if (!found) throw NO_RATE_SET(t.date, currency, t.base_currency);
    return found.rate;
  };
  const stamped = docs.main.rate ?? docs.bill?.rate ?? toBase(docs.main.currency);
  const base = cents(new Decimal(a.amount).times(toBase(t.currency)));
  const documentBase = cents(new Decimal(a.document_amount).times(stamped));
  const fx = receipt ? base.minus(documentBase) : documentBase.minus(base);
  return {
    base_amount: base.toFixed(2),
    document_base_amount: documentBase.toFixed(2),
    fx_difference: fx.toFixed(2),
  };
}

/** Paid from the client's credit (payment method Deposit): the transaction is a credit one. */
export const fromCredit = (t: { type: string; way: string }) => isCreditTransaction(t);
