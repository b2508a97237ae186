import { buyKey, sellKey } from './currencies.ts';
import { type RateValues, rateSetRecords } from './rate-lookup.ts';
import type { RateRecord } from './rates.schemas.ts';

/**
 * Realistic sell and buy values for the six pairs, keyed like pairsObj, for tests on every side.
 * Buy is above sell by a small spread, as the business quotes them.
 */
export const SAMPLE_PAIR_VALUES: Readonly<Record<string, string>> = {
  [sellKey('GBP', 'USD')]: '1.2650',
  [buyKey('GBP', 'USD')]: '1.2780',
  [sellKey('GBP', 'EUR')]: '1.1640',
  [buyKey('GBP', 'EUR')]: '1.1760',
  [sellKey('EUR', 'USD')]: '1.0860',
  [buyKey('EUR', 'USD')]: '1.0970',
  [sellKey('GBP', 'AED')]: '4.6450',
  [buyKey('GBP', 'AED')]: '4.6930',
  [sellKey('USD', 'AED')]: '3.6700',
  [buyKey('USD', 'AED')]: '3.6800',
  [sellKey('EUR', 'AED')]: '3.9850',
  [buyKey('EUR', 'AED')]: '4.0260',
};

/** Records as the API returns them, built from pair values, for lookups and components. */
export function sampleRecords(
  values: Readonly<Record<string, string>> = SAMPLE_PAIR_VALUES,
  createdAt = '2026-03-01T09:30:00.000Z',
  setId = 1,
): RateRecord[] {
  return rateSetRecords(values).map((r: RateValues, i) => ({
    id: setId * 100 + i,
    rate_set_id: setId,
    original_currency: { named: r.original },
    target_currency: { named: r.target },
    rate: r.rate,
    rate_sell: r.rate_sell,
    rate_buy: r.rate_buy,
    created_at: createdAt,
  }));
}
