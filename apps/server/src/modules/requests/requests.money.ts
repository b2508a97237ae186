import { findRate, type MarginBasis, type RateLike } from '@app/shared';
import { Decimal } from 'decimal.js';

/** The newest rate set, as the valuation reads it; null when there is none yet. */
export interface RatesNow {
  id: number;
  rates: readonly RateLike[];
}

/** Amount × rate, rounded half up to 2 places, as a string. */
export function toBase(amount: string, rate: string): string {
  return new Decimal(amount).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export const money = (v: string | Decimal): string => new Decimal(v).toFixed(2);

/** What a line is worth in the company's base currency. */
export interface LineValue {
  sell_base: string | null;
  cost_base: string | null;
  margin: string | null;
  rate_set_id: number | null;
  margin_at: MarginBasis;
}

interface ValuedLine {
  sell: string;
  sell_currency: string;
  cost: string;
  cost_currency: string;
  rate_set_id: number | null;
  sell_base: string | null;
  cost_base: string | null;
}

/** A line carries stamped values from the moment it is Confirmed until a confirmation is undone. */
export const isStamped = (line: ValuedLine): boolean => line.sell_base !== null && line.cost_base !== null;

/**
 * The rates that convert a line now: the sell rate for the sell, the buy rate for the cost
 * (DOMAIN.md). Null when the set lacks a currency (or there is no set and a currency differs).
 */
export function currentRates(
  line: Pick<ValuedLine, 'sell_currency' | 'cost_currency'>,
  base: string,
  now: RatesNow | null,
): { sell_rate: string; cost_rate: string; rate_set_id: number | null } | null {
  const rates = now?.rates ?? [];
  const sell = findRate(rates, line.sell_currency, base, 'sell');
  const cost = findRate(rates, line.cost_currency, base, 'buy');
  if (!sell || !cost) return null;
  const usesSet = sell.route !== 'same' || cost.route !== 'same';
  return { sell_rate: sell.rate, cost_rate: cost.rate, rate_set_id: usesSet ? (now?.id ?? null) : null };
}

/** The stamp Confirm writes on a line; null when no rate set converts it. */
export function stampOf(line: ValuedLine, base: string, now: RatesNow | null) {
  const r = currentRates(line, base, now);
  if (!r) return null;
  return {
    rate_set_id: now?.id ?? r.rate_set_id,
    sell_rate: r.sell_rate,
    cost_rate: r.cost_rate,
    sell_base: toBase(line.sell, r.sell_rate),
    cost_base: toBase(line.cost, r.cost_rate),
  };
}

/** Stamped values once confirmed; otherwise at the newest set's rates (nulls when it cannot convert). */
export function valueLine(line: ValuedLine, base: string, now: RatesNow | null): LineValue {
  if (isStamped(line)) {
    const sell = line.sell_base as string;
    const cost = line.cost_base as string;
    return {
      sell_base: money(sell),
      cost_base: money(cost),
      margin: money(new Decimal(sell).minus(cost)),
      rate_set_id: line.rate_set_id,
      margin_at: 'stamped',
    };
  }
  const r = currentRates(line, base, now);
  if (!r) return { sell_base: null, cost_base: null, margin: null, rate_set_id: null, margin_at: 'current' };
  const sell = toBase(line.sell, r.sell_rate);
  const cost = toBase(line.cost, r.cost_rate);
  return {
    sell_base: sell,
    cost_base: cost,
    margin: money(new Decimal(sell).minus(cost)),
    rate_set_id: r.rate_set_id,
    margin_at: 'current',
  };
}

/** Sums of the live lines' values; a line that cannot be converted is left out and reported. */
export function totalsOf(values: ReadonlyArray<{ live: boolean; value: LineValue }>) {
  let sell = new Decimal(0);
  let cost = new Decimal(0);
  let missing = false;
  for (const { live, value } of values) {
    if (!live) continue;
    if (value.sell_base === null || value.cost_base === null) {
      missing = true;
      continue;
    }
    sell = sell.plus(value.sell_base);
    cost = cost.plus(value.cost_base);
  }
  return { sell: money(sell), cost: money(cost), margin: money(sell.minus(cost)), rates_missing: missing };
}
