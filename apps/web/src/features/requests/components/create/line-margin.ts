import { findRate, type RateLike } from '@app/shared/rates/rate-lookup';
import { Dec, toDecimal, toFixedText } from '@app/shared/rates/rate-math';

/** A line's money in the company's base currency (DOMAIN.md: sell rate for sell, buy rate for cost). */
export interface LineValuation {
  sell: string;
  cost: string;
  margin: string;
}

export type Valuation =
  | { kind: 'ok'; value: LineValuation }
  /** Cost or sell not yet a number: nothing to show. */
  | { kind: 'incomplete' }
  /** No rate from this currency to the base in the set. */
  | { kind: 'no-rate'; currency: string };

function convert(
  amount: string,
  from: string,
  base: string,
  side: 'sell' | 'buy',
  rates: readonly RateLike[],
): Dec | string | null {
  const value = toDecimal(amount);
  if (value === null) return null;
  const rate = findRate(rates, from, base, side);
  if (!rate) return from;
  return value.times(new Dec(rate.rate)).toDecimalPlaces(2);
}

/**
 * Values one line at the given rates: sell × sell rate and cost × buy rate into `base`, each to
 * 2 places, and their difference. Exact decimals throughout; the text goes in and comes out.
 */
export function valueLine(
  line: { cost: string; cost_currency: string | null; sell: string; sell_currency: string | null },
  base: string,
  rates: readonly RateLike[],
): Valuation {
  if (!line.cost_currency || !line.sell_currency) return { kind: 'incomplete' };
  const sell = convert(line.sell, line.sell_currency, base, 'sell', rates);
  const cost = convert(line.cost, line.cost_currency, base, 'buy', rates);
  if (typeof sell === 'string') return { kind: 'no-rate', currency: sell };
  if (typeof cost === 'string') return { kind: 'no-rate', currency: cost };
  if (sell === null || cost === null) return { kind: 'incomplete' };
  return {
    kind: 'ok',
    value: {
      sell: toFixedText(sell, 2),
      cost: toFixedText(cost, 2),
      margin: toFixedText(sell.minus(cost), 2),
    },
  };
}

/** The request's totals over the lines that could be valued, and how many could not. */
export function totalOf(valuations: readonly Valuation[]): LineValuation & { left_out: number } {
  let sell = new Dec(0);
  let cost = new Dec(0);
  let leftOut = 0;
  for (const v of valuations) {
    if (v.kind !== 'ok') {
      leftOut += 1;
      continue;
    }
    sell = sell.plus(v.value.sell);
    cost = cost.plus(v.value.cost);
  }
  return {
    sell: toFixedText(sell, 2),
    cost: toFixedText(cost, 2),
    margin: toFixedText(sell.minus(cost), 2),
    left_out: leftOut,
  };
}
