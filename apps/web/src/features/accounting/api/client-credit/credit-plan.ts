import { Dec, toDecimal, toFixedText } from '@app/shared/rates/rate-math';

/** One allocation of a payment from credit: so much of one credit transaction. */
export interface CreditUse {
  transaction: number;
  amount: string;
}

/**
 * How `amount` is taken from the client's credit transactions: oldest first (by date, then id),
 * each giving at most its open amount. Null when the credit does not cover the amount.
 */
export function planCreditUses(
  credits: readonly { id: number; date: string; open_amount: string }[],
  amount: string,
): CreditUse[] | null {
  let left = toDecimal(amount);
  if (left === null || left.lte(0)) return null;
  const oldestFirst = [...credits].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const uses: CreditUse[] = [];
  for (const credit of oldestFirst) {
    if (left.isZero()) break;
    const open = toDecimal(credit.open_amount) ?? new Dec(0);
    if (open.lte(0)) continue;
    const take = Dec.min(open, left);
    uses.push({ transaction: credit.id, amount: toFixedText(take, 2) });
    left = left.minus(take);
  }
  return left.isZero() ? uses : null;
}
