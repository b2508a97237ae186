/**
 * The currencies rates are kept in. The spec's value list (`CURRENCIES` in value-lists.ts) names
 * USD, EUR and GBP, but its six fixed pairs also use AED (the Dubai office), so the currency table
 * and every rate contract use these four.
 */
export const RATE_CURRENCIES = ['GBP', 'USD', 'EUR', 'AED'] as const;
export type CurrencyCode = (typeof RATE_CURRENCIES)[number];

export const CURRENCY_TITLES: Record<CurrencyCode, string> = {
  GBP: 'Pound sterling',
  USD: 'US dollar',
  EUR: 'Euro',
  AED: 'UAE dirham',
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (RATE_CURRENCIES as readonly string[]).includes(value);
}

/** Cross rates are computed through this currency when neither the pair nor its inverse exists. */
export const CROSS_CURRENCY: CurrencyCode = 'GBP';

/** Header converter defaults (spec section 9): USD to GBP, amount 1. */
export const CONVERTER_DEFAULTS = { currency_from: 'USD', currency_to: 'GBP', initial_amount: '1' } as const;

export interface CurrencyPair {
  original: CurrencyCode;
  target: CurrencyCode;
}

/** The six supported pairs, in the order the dialog lists them (spec section 3). */
export const PAIRS: readonly CurrencyPair[] = [
  { original: 'GBP', target: 'USD' },
  { original: 'GBP', target: 'EUR' },
  { original: 'EUR', target: 'USD' },
  { original: 'GBP', target: 'AED' },
  { original: 'USD', target: 'AED' },
  { original: 'EUR', target: 'AED' },
];

/** One save of the dialog stores each pair and its inverse. */
export const RATE_SET_SIZE = PAIRS.length * 2;

export type PairDirection = 'direct' | 'inverse';

/** Whether `from → to` is one of the six pairs (direct), the inverse of one, or neither. */
export function pairDirection(from: string, to: string): PairDirection | null {
  for (const pair of PAIRS) {
    if (pair.original === from && pair.target === to) return 'direct';
    if (pair.original === to && pair.target === from) return 'inverse';
  }
  return null;
}

/** Dialog row label, 'original / target' (spec 2.5). */
export const pairLabel = (pair: CurrencyPair): string => `${pair.original} / ${pair.target}`;

/** Keys of the derived pairsObj map and the dialog's input ids (spec 2.5 and 3). */
export const sellKey = (from: string, to: string): string => `sell_${from}_${to}`;
export const buyKey = (from: string, to: string): string => `buy_${from}_${to}`;
