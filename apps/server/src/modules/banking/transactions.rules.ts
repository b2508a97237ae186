import {
  DOCUMENT_MONEY_MAX,
  isCreditTransaction,
  TRANSACTION_TYPE_WAYS,
  TRANSFER_TYPES,
  type TransactionType,
  type TransactionWayValue,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import { isRefundTransaction } from './allocations.rules.ts';
import * as E from './transactions.errors.ts';

/** The rules of a bank line that need no database (decision 0011, "Transactions"). */

export const isTransferType = (type: string): boolean => (TRANSFER_TYPES as readonly string[]).includes(type);

/**
 * Transfer legs and refunds of credit are never matched to documents (the allocation writer
 * refuses them): their `allocated_amount` is held equal to their amount as a "matched" marker, so
 * they do not count as unmatched (transfers.service.ts). For every other line it is the sum of
 * its allocations.
 */
export const carriesMatchedMarker = (line: {
  type: string;
  way: string;
  counterparty_kind: string | null;
}): boolean => isTransferType(line.type) || isRefundTransaction(line);

/** What a line holds in allocations: none behind a marker. */
export const allocationsTotal = (line: {
  type: string;
  way: string;
  counterparty_kind: string | null;
  allocated_amount: string;
}): Decimal => (carriesMatchedMarker(line) ? new Decimal(0) : new Decimal(line.allocated_amount));

/** A hand-entered line is not a transfer leg, and its way goes with its type. */
export function checkTypeAndWay(type: TransactionType, way: TransactionWayValue): void {
  if (isTransferType(type)) throw E.TRANSFER_BY_HAND();
  if (!TRANSACTION_TYPE_WAYS[type].includes(way)) throw E.WAY_OF_TYPE(way, type);
}

/** A counterparty is a kind and an id, both or neither. */
export function checkCounterpartyShape(kind: string | null, id: number | null): void {
  if (kind !== null && id === null) throw E.FIELD_REQUIRED('counterparty');
  if (kind === null && id !== null) throw E.FIELD_REQUIRED('counterparty_kind');
}

/** Credit (overpayment, prepayment, top-up) and its use (`reduce`) are a client's balance. */
export function checkCreditOwner(type: string, way: string, kind: string | null): void {
  if ((isCreditTransaction({ type, way }) || way === 'reduce') && kind !== 'client')
    throw E.CREDIT_NEEDS_CLIENT();
}

/** The fields that a matched line keeps: its allocations were made against them. */
export function allocatedFieldsChange(
  current: { amount: string; date: string; type: string; way: string },
  next: { amount: string; date: string; type: string; way: string },
): boolean {
  return (
    !new Decimal(current.amount).equals(next.amount) ||
    current.date !== next.date ||
    current.type !== next.type ||
    current.way !== next.way
  );
}

export interface TransferAmounts {
  way: 'transfer' | 'conversion';
  toAmount: string;
  /** Target currency per unit of the source's; null within one currency. */
  rate: string | null;
}

const MAX = new Decimal(DOCUMENT_MONEY_MAX);
const RATE_MAX = new Decimal('999999');

/**
 * The received amount and rate of a transfer. Within one currency the amounts are equal. Across
 * currencies the rate gives the received amount (rounded half up to cents), the received amount
 * gives the rate (to 6 places), and when both are given they must agree within a cent.
 */
export function transferAmounts(
  from: string,
  to: string,
  amount: string,
  toAmount: string | undefined,
  rate: string | undefined,
): TransferAmounts {
  const sent = new Decimal(amount);
  if (from === to) {
    if (toAmount !== undefined && !sent.equals(toAmount)) throw E.SAME_CURRENCY_AMOUNTS();
    if (rate !== undefined && !new Decimal(rate).equals(1)) throw E.SAME_CURRENCY_AMOUNTS();
    return { way: 'transfer', toAmount: sent.toFixed(2), rate: null };
  }
  if (rate === undefined && toAmount === undefined) throw E.RATE_REQUIRED(from, to);
  if (rate !== undefined) {
    const r = new Decimal(rate);
    const expected = sent.times(r).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (toAmount === undefined) {
      if (expected.lessThan('0.01') || expected.greaterThan(MAX)) throw E.FIELD_INVALID('rate');
      return { way: 'conversion', toAmount: expected.toFixed(2), rate: r.toFixed(6) };
    }
    if (expected.minus(toAmount).abs().greaterThan('0.01'))
      throw E.TRANSFER_AMOUNTS(expected.toFixed(2), toAmount, to);
    return { way: 'conversion', toAmount: new Decimal(toAmount).toFixed(2), rate: r.toFixed(6) };
  }
  const derived = new Decimal(toAmount!).dividedBy(sent).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  if (derived.lessThanOrEqualTo(0) || derived.greaterThan(RATE_MAX)) throw E.FIELD_INVALID('to_amount');
  return { way: 'conversion', toAmount: new Decimal(toAmount!).toFixed(2), rate: derived.toFixed(6) };
}
