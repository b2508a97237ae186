import { describe, expect, it } from 'vitest';
import { PAIRS, RATE_SET_SIZE } from './currencies.ts';
import {
  buildPairsObj,
  buildRateSetEntries,
  findRate,
  inverseRecordValues,
  pairValuesFromEntries,
  type RateLike,
  rateSetRecords,
} from './rate-lookup.ts';
import { SAMPLE_PAIR_VALUES, sampleRecords } from './rates.fixtures.ts';
import { CreateRateSetBodySchema } from './rates.schemas.ts';

const record = (from: string, to: string, rate: string, buy = rate): RateLike => ({
  original_currency: { named: from },
  target_currency: { named: to },
  rate,
  rate_sell: rate,
  rate_buy: buy,
});

describe('buildPairsObj', () => {
  it('keys sell_{from}_{to} to rate_sell and buy_{from}_{to} to rate_buy, inverses included', () => {
    const pairs = buildPairsObj(sampleRecords());
    expect(pairs.sell_GBP_USD).toBe('1.2650');
    expect(pairs.buy_GBP_USD).toBe('1.2780');
    expect(pairs.sell_USD_GBP).toBe('0.7825'); // 1 / 1.2780
    expect(pairs.buy_USD_GBP).toBe('0.7905'); // 1 / 1.2650
    expect(Object.keys(pairs)).toHaveLength(RATE_SET_SIZE * 2);
  });
});

describe('findRate', () => {
  const rates = sampleRecords();

  it('returns 1 for the same currency', () => {
    expect(findRate([], 'EUR', 'EUR')).toEqual({ rate: '1', route: 'same' });
  });

  it('reads the direct record, and the stored inverse record the other way', () => {
    expect(findRate(rates, 'GBP', 'AED')).toEqual({ rate: '4.6450', route: 'direct' });
    expect(findRate(rates, 'AED', 'GBP')).toEqual({ rate: '0.2131', route: 'direct' }); // 1 / 4.6930
    expect(findRate(rates, 'GBP', 'AED', 'buy')).toEqual({ rate: '4.6930', route: 'direct' });
  });

  it('falls back to 1 / the opposite record when only that one exists', () => {
    const only = [record('GBP', 'USD', '1.25', '1.28')];
    expect(findRate(only, 'USD', 'GBP')).toEqual({ rate: '0.7813', route: 'reciprocal' }); // 1 / 1.28
    expect(findRate(only, 'USD', 'GBP', 'buy')).toEqual({ rate: '0.8000', route: 'reciprocal' }); // 1 / 1.25
  });

  it('goes through GBP when neither side of the pair exists', () => {
    const partial = [record('GBP', 'USD', '1.25'), record('GBP', 'AED', '4.60')];
    // USD → GBP is 1 / 1.25 = 0.8000, then × 4.60
    expect(findRate(partial, 'USD', 'AED')).toEqual({ rate: '3.680000', route: 'cross' });
  });

  it('finds nothing when no route exists', () => {
    expect(findRate([record('GBP', 'USD', '1.25')], 'EUR', 'AED')).toBeNull();
    expect(findRate([record('EUR', 'USD', '1.08')], 'GBP', 'USD')).toBeNull();
    expect(findRate([], 'USD', 'GBP')).toBeNull();
  });

  it('finds every pair of the four currencies in a complete set without a cross rate', () => {
    for (const from of ['GBP', 'USD', 'EUR', 'AED']) {
      for (const to of ['GBP', 'USD', 'EUR', 'AED']) {
        const found = findRate(rates, from, to);
        expect(found?.route).toBe(from === to ? 'same' : 'direct');
      }
    }
  });
});

describe('createRates payload', () => {
  it('sends, per pair, the direct entry and the inverse with rate = 1 / buy to 4 decimals', () => {
    const entries = buildRateSetEntries(SAMPLE_PAIR_VALUES);
    expect(entries).toHaveLength(RATE_SET_SIZE);
    expect(entries[0]).toEqual({
      original_currency: { named: 'GBP' },
      target_currency: { named: 'USD' },
      rate: '1.2650',
      rate_sell: '1.2650',
      rate_buy: '1.2780',
    });
    expect(entries[1]).toEqual({
      original_currency: { named: 'USD' },
      target_currency: { named: 'GBP' },
      rate: '0.7825',
    });
    expect(entries.filter((_, i) => i % 2 === 0).map((e) => e.original_currency.named)).toEqual(
      PAIRS.map((p) => p.original),
    );
    expect(CreateRateSetBodySchema.safeParse(entries).success).toBe(true);
  });

  it('refuses to build from a buy value that is not a positive number', () => {
    expect(() => buildRateSetEntries({ ...SAMPLE_PAIR_VALUES, buy_GBP_USD: '0' })).toThrow(/GBP \/ USD/);
  });

  it('stores twelve records whose inverses derive from the direct pair', () => {
    const records = rateSetRecords(SAMPLE_PAIR_VALUES);
    expect(records).toHaveLength(RATE_SET_SIZE);
    expect(records[7]).toEqual({
      original: 'AED',
      target: 'GBP',
      ...inverseRecordValues('4.6450', '4.6930'),
    });
    expect(pairValuesFromEntries(buildRateSetEntries(SAMPLE_PAIR_VALUES))).toEqual(SAMPLE_PAIR_VALUES);
  });

  it('leaves out a pair with no values and refuses one with half of them', () => {
    const { sell_EUR_AED: _s, buy_EUR_AED: _b, ...fivePairs } = SAMPLE_PAIR_VALUES;
    expect(rateSetRecords(fivePairs)).toHaveLength(10);
    const { buy_EUR_AED: _only, ...halfPair } = SAMPLE_PAIR_VALUES;
    expect(() => rateSetRecords(halfPair)).toThrow(/EUR \/ AED/);
  });
});
