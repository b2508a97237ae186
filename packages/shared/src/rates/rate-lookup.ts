import { buyKey, CROSS_CURRENCY, type CurrencyCode, PAIRS, sellKey } from './currencies.ts';
import { crossRate, inverseRate, toDecimal } from './rate-math.ts';

/** The parts of a rate record that lookups read (a RateRecord satisfies it). */
export interface RateLike {
  original_currency: { named: string };
  target_currency: { named: string };
  rate: string;
  rate_sell: string;
  rate_buy: string;
}

/** Spec section 3: pairsObj maps sell_{from}_{to} to rate_sell and buy_{from}_{to} to rate_buy. */
export type PairsObj = Record<string, string>;

export function buildPairsObj(rates: readonly RateLike[]): PairsObj {
  const pairs: PairsObj = {};
  for (const r of rates) {
    const from = r.original_currency.named;
    const to = r.target_currency.named;
    pairs[sellKey(from, to)] = r.rate_sell;
    pairs[buyKey(from, to)] = r.rate_buy;
  }
  return pairs;
}

/**
 * Which rate to read. `sell` is the record's `rate` (equal to rate_sell: the figure the header
 * converter uses and client-facing amounts use); `buy` is rate_buy, for supplier costs (DOMAIN.md).
 */
export type RateSide = 'sell' | 'buy';
/** How a rate was found: same currency, a stored record, 1 / the opposite record, or via GBP. */
export type RateRoute = 'same' | 'direct' | 'reciprocal' | 'cross';

export interface FoundRate {
  rate: string;
  route: RateRoute;
}

const readSide = (r: RateLike, side: RateSide): string => (side === 'sell' ? r.rate : r.rate_buy);

function findRecord(rates: readonly RateLike[], from: string, to: string): RateLike | undefined {
  return rates.find((r) => r.original_currency.named === from && r.target_currency.named === to);
}

function findOneLeg(rates: readonly RateLike[], from: string, to: string, side: RateSide): FoundRate | null {
  const direct = findRecord(rates, from, to);
  if (direct && toDecimal(readSide(direct, side)) !== null)
    return { rate: readSide(direct, side), route: 'direct' };
  const opposite = findRecord(rates, to, from);
  if (opposite) {
    // Mirrors how inverse records are stored: selling A→B is 1 / buying B→A, and the reverse.
    const rate = inverseRate(side === 'sell' ? opposite.rate_buy : opposite.rate_sell);
    if (rate !== null) return { rate, route: 'reciprocal' };
  }
  return null;
}

/**
 * The rate from one currency to another in a set of records (DOMAIN.md "Exchange rates"): the
 * same currency is 1; else the stored record from → to (a configured pair or the inverse record
 * the dialog stored with it); else 1 / the opposite record, to 4 decimals; else through GBP,
 * kept to 6 decimals; else null ('Rate not found for this currencies').
 */
export function findRate(
  rates: readonly RateLike[],
  from: string,
  to: string,
  side: RateSide = 'sell',
): FoundRate | null {
  if (from === to) return { rate: '1', route: 'same' };
  const leg = findOneLeg(rates, from, to, side);
  if (leg) return leg;
  if (from === CROSS_CURRENCY || to === CROSS_CURRENCY) return null;
  const first = findOneLeg(rates, from, CROSS_CURRENCY, side);
  const second = findOneLeg(rates, CROSS_CURRENCY, to, side);
  if (!first || !second) return null;
  const rate = crossRate(first.rate, second.rate);
  return rate === null ? null : { rate, route: 'cross' };
}

/**
 * The derived values of an inverse record (original and target swapped). rate = 1 / buy to 4
 * decimals, as spec section 7 says; rate_sell equals rate (so every record has rate = rate_sell)
 * and rate_buy = 1 / sell, so selling one way is buying the other.
 */
export function inverseRecordValues(
  sell: string,
  buy: string,
): { rate: string; rate_sell: string; rate_buy: string } | null {
  const rate = inverseRate(buy);
  const rateBuy = inverseRate(sell);
  if (rate === null || rateBuy === null) return null;
  return { rate, rate_sell: rate, rate_buy: rateBuy };
}

export interface RateSetEntry {
  original_currency: { named: CurrencyCode };
  target_currency: { named: CurrencyCode };
  rate: string;
  rate_sell?: string;
  rate_buy?: string;
}

/**
 * The dialog's createRates payload (spec section 7) from its form values keyed like pairsObj: for
 * each pair the direct entry (rate = sell, rate_sell, rate_buy), then the inverse entry (original
 * and target swapped, rate = 1 / buy to 4 decimals). Throws if a buy value is not a positive
 * number: the form validates before it builds.
 */
export function buildRateSetEntries(values: Readonly<Record<string, string>>): RateSetEntry[] {
  const entries: RateSetEntry[] = [];
  for (const { original, target } of PAIRS) {
    const sell = values[sellKey(original, target)] ?? '';
    const buy = values[buyKey(original, target)] ?? '';
    const inverse = inverseRate(buy);
    if (inverse === null) throw new Error(`Buy rate of ${original} / ${target} is not a positive number`);
    entries.push({
      original_currency: { named: original },
      target_currency: { named: target },
      rate: sell,
      rate_sell: sell,
      rate_buy: buy,
    });
    entries.push({
      original_currency: { named: target },
      target_currency: { named: original },
      rate: inverse,
    });
  }
  return entries;
}

/** The values of one stored record. */
export interface RateValues {
  original: CurrencyCode;
  target: CurrencyCode;
  rate: string;
  rate_sell: string;
  rate_buy: string;
}

/**
 * The records a set stores, from the sell and buy of each pair (keyed like pairsObj): each pair's
 * direct record, then its inverse with the derived values, in the dialog's pair order. A pair
 * with neither value is left out (a set can lose a pair to a delete); a pair with only one, or
 * with a value that is not a positive number, throws: callers validate first.
 */
export function rateSetRecords(values: Readonly<Record<string, string>>): RateValues[] {
  const records: RateValues[] = [];
  for (const { original, target } of PAIRS) {
    const sell = values[sellKey(original, target)];
    const buy = values[buyKey(original, target)];
    if (sell === undefined && buy === undefined) continue;
    const inverse = inverseRecordValues(sell ?? '', buy ?? '');
    if (sell === undefined || buy === undefined || inverse === null) {
      throw new Error(`Rates of ${original} / ${target} are not positive numbers`);
    }
    records.push({ original, target, rate: sell, rate_sell: sell, rate_buy: buy });
    records.push({ original: target, target: original, ...inverse });
  }
  return records;
}

/** Sell and buy of each pair (keyed like pairsObj) from the direct entries of a createRates body. */
export function pairValuesFromEntries(entries: readonly RateSetEntry[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const e of entries) {
    const from = e.original_currency.named;
    const to = e.target_currency.named;
    if (
      e.rate_sell !== undefined &&
      e.rate_buy !== undefined &&
      PAIRS.some((p) => p.original === from && p.target === to)
    ) {
      values[sellKey(from, to)] = e.rate_sell;
      values[buyKey(from, to)] = e.rate_buy;
    }
  }
  return values;
}
