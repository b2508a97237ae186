import { buyKey, PAIRS, pairLabel, sellKey } from '@app/shared/rates/currencies';
import type { PairsObj } from '@app/shared/rates/rate-lookup';
import { toDecimal } from '@app/shared/rates/rate-math';

/** A typed rate further than this from the same pair's rate in the newest set asks for a second look. */
export const RATE_MOVE_LIMIT = 0.2;

export interface RateMove {
  /** 'GBP / USD sell' */
  label: string;
  from: string;
  to: string;
  /** '+25.0%' */
  change: string;
}

/**
 * The rates of a new set that moved more than 20% from the newest set's same pair and side, in the
 * dialog's row order: a slip such as "1,17" read as 117 is caught before it becomes current.
 * Values that are not numbers yet, and pairs the newest set lacks, are left to the other checks.
 */
export function rateMoves(values: Readonly<Record<string, string>>, newest: PairsObj): RateMove[] {
  const moves: RateMove[] = [];
  for (const pair of PAIRS) {
    for (const [side, key] of [
      ['sell', sellKey(pair.original, pair.target)],
      ['buy', buyKey(pair.original, pair.target)],
    ] as const) {
      const before = toDecimal(newest[key]);
      const after = toDecimal(values[key]);
      if (before === null || after === null || before.isZero()) continue;
      const ratio = after.minus(before).dividedBy(before);
      if (ratio.abs().lessThanOrEqualTo(RATE_MOVE_LIMIT)) continue;
      const percent = ratio.times(100).toFixed(1);
      moves.push({
        label: `${pairLabel(pair)} ${side}`,
        from: before.toString(),
        to: after.toString(),
        change: `${ratio.isPositive() ? '+' : ''}${percent}%`,
      });
    }
  }
  return moves;
}
