import { isCreditTransaction } from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Executor } from '../../db/client.ts';
import { isRefundTransaction } from './allocations.rules.ts';
import { assertRefundCovered } from './balances.service.ts';

/**
 * What a bank line write does to a client's balance (decision 0011, "Client balances": credits −
 * uses − refunds). A credit line gives its open part, a refund takes its amount; the transactions
 * service checks every loss under the balance's locks before it locks the line itself.
 */

/** The fields of a line that decide its part in a client's balance. */
export interface BalanceLine {
  type: string;
  way: string;
  amount: string;
  allocated_amount: string;
  counterparty_kind: string | null;
  counterparty_id: number | null;
}

/** Each client's loss, in the line's currency. */
export type BalanceTakes = Map<number, Decimal>;

/** A line's part in its client's balance: a credit line's open part, a refund's amount taken away. */
function shareOf(l: BalanceLine | null): { client: number; amount: Decimal } | null {
  if (l?.counterparty_kind !== 'client' || l.counterparty_id === null) return null;
  if (isCreditTransaction(l))
    return { client: l.counterparty_id, amount: new Decimal(l.amount).minus(l.allocated_amount) };
  if (isRefundTransaction(l)) return { client: l.counterparty_id, amount: new Decimal(l.amount).negated() };
  return null;
}

/**
 * What each client's balance loses when a line goes from `before` to `after` (null: created or
 * deleted). Gains are left out: they need no check.
 */
export function balanceTakes(before: BalanceLine | null, after: BalanceLine | null): BalanceTakes {
  const parts = new Map<number, Decimal>();
  const add = (share: ReturnType<typeof shareOf>, sign: 1 | -1) => {
    if (share)
      parts.set(share.client, (parts.get(share.client) ?? new Decimal(0)).plus(share.amount.times(sign)));
  };
  add(shareOf(after), 1);
  add(shareOf(before), -1);
  return new Map(
    [...parts].filter(([, change]) => change.isNegative()).map(([c, change]) => [c, change.negated()]),
  );
}

/**
 * Refuses a loss beyond a client's balance (`assertRefundCovered`: 400 OVER_ALLOCATION), taking the
 * balance's locks client by client in id order, so that a change touching two clients cannot
 * deadlock with another.
 */
export async function assertTakesCovered(tx: Executor, currency: string, takes: BalanceTakes): Promise<void> {
  for (const [client, amount] of [...takes].sort(([a], [b]) => a - b))
    await assertRefundCovered(tx, client, currency, amount.toFixed(2));
}

/** A loss found under the line's lock that the check before the lock did not cover: the line changed. */
export function takesBeyond(takes: BalanceTakes, checked: BalanceTakes): boolean {
  return [...takes].some(([client, amount]) => amount.greaterThan(checked.get(client) ?? 0));
}
