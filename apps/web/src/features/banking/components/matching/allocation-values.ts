import type { AllocationBody, Suggestion } from '@app/shared/banking/allocations.schemas';
import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { Dec, RATE_DP, toFixedText } from '@app/shared/rates/rate-math';
import type { OpenDocument } from '../../api/matching/open-document.ts';

/**
 * The allocation panel's arithmetic, on decimal strings only (decimal.js; an amount never passes
 * through a float): its defaults, the body it posts and the rate its two amounts imply.
 */

/** What the panel opens with: the document, and the amounts the suggestion proposed (if it came from one). */
export interface AllocationChoice {
  document: OpenDocument;
  amount: string;
  /** In the document's currency; '' when it differs from the transaction's and nothing proposed one. */
  invoiceAmount: string;
}

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** A positive amount of at most two places, or null. */
export function readAmount(text: string): Dec | null {
  const trimmed = text.trim();
  if (!MONEY.test(trimmed)) return null;
  const value = new Dec(trimmed);
  return value.greaterThan(0) ? value : null;
}

const money = (value: Dec) => toFixedText(value, 2);

export function isCrossCurrency(
  transaction: Pick<Transaction, 'currency'>,
  document: Pick<OpenDocument, 'currency'>,
) {
  return transaction.currency !== document.currency;
}

/** A suggestion as a document the panel can take (a credit note is named as the invoice it is). */
export function suggestionDocument(s: Suggestion): OpenDocument {
  return {
    kind: s.kind === 'credit_note' ? 'invoice' : s.kind,
    id: s.id,
    number: s.number,
    counterparty: s.counterparty,
    currency: s.currency,
    total: s.total,
    open_amount: s.open_amount,
    due_date: s.due_date,
  };
}

/** The suggestion proposes both amounts (the smaller open side, converted at the day's rate). */
export function choiceFromSuggestion(s: Suggestion): AllocationChoice {
  return { document: suggestionDocument(s), amount: s.amount, invoiceAmount: s.invoice_amount };
}

/**
 * A searched document: the suggestion's amounts when it is also suggested; in one currency the
 * smaller of the two open amounts; across currencies the transaction's open amount, and the
 * document's side is left for the person to give (the server would answer `rate_required`).
 */
export function choiceFromDocument(
  transaction: Pick<Transaction, 'currency' | 'open_amount'>,
  document: OpenDocument,
  suggestions: readonly Suggestion[] = [],
): AllocationChoice {
  const suggested = suggestions.find(
    (s) => s.id === document.id && suggestionDocument(s).kind === document.kind,
  );
  if (suggested) return { document, amount: suggested.amount, invoiceAmount: suggested.invoice_amount };
  const open = new Dec(transaction.open_amount);
  if (!isCrossCurrency(transaction, document)) {
    const smaller = Dec.min(open, new Dec(document.open_amount));
    return { document, amount: money(smaller), invoiceAmount: money(smaller) };
  }
  return { document, amount: money(open), invoiceAmount: '' };
}

/** The body of `POST allocations/` (and its preview), or null while an amount is not readable. */
export function allocationBody(
  transaction: Pick<Transaction, 'id' | 'currency'>,
  document: Pick<OpenDocument, 'kind' | 'id' | 'currency'>,
  amountText: string,
  invoiceAmountText: string,
): AllocationBody | null {
  const amount = readAmount(amountText);
  if (!amount) return null;
  const target = { [document.kind]: document.id } as Pick<AllocationBody, 'invoice' | 'bill' | 'voucher'>;
  if (!isCrossCurrency(transaction, document))
    return { transaction: transaction.id, ...target, amount: money(amount) };
  const invoiceAmount = readAmount(invoiceAmountText);
  if (!invoiceAmount) return null;
  return {
    transaction: transaction.id,
    ...target,
    amount: money(amount),
    invoice_amount: money(invoiceAmount),
  };
}

/** Document currency per unit of the transaction's, as the server stores it (6 places); null until both amounts read. */
export function impliedRate(amountText: string, invoiceAmountText: string): string | null {
  const amount = readAmount(amountText);
  const invoiceAmount = readAmount(invoiceAmountText);
  if (!amount || !invoiceAmount) return null;
  return toFixedText(invoiceAmount.dividedBy(amount), RATE_DP);
}
