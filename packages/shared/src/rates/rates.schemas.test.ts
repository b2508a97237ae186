import { describe, expect, it } from 'vitest';
import { buildRateSetEntries, type RateSetEntry } from './rate-lookup.ts';
import { SAMPLE_PAIR_VALUES } from './rates.fixtures.ts';
import {
  buySellProblem,
  CreateExchangeRateBodySchema,
  CreateRateSetBodySchema,
  DateOnlySchema,
  RateValueSchema,
  rateValueProblem,
  UpdateExchangeRateBodySchema,
} from './rates.schemas.ts';
import { RegionBodySchema } from './regions.schemas.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('rate values', () => {
  it('accepts positive decimals within the bounds', () => {
    for (const ok of ['1', '0.000001', '1.274500', '10000', '0010.5'])
      expect(rateValueProblem(ok)).toBeNull();
  });

  it('refuses zero, negatives, text, too many decimals, huge and absurdly long values', () => {
    expect(rateValueProblem('')).toBe('Required field');
    expect(rateValueProblem('0')).toBe('Minimum value 0.000001');
    expect(rateValueProblem('0.000000')).toBe('Minimum value 0.000001');
    expect(rateValueProblem('0.0000009')).toBe('Minimum value 0.000001');
    expect(rateValueProblem('-1.2')).toBe('Minimum value 0.000001');
    expect(rateValueProblem('abc')).toBe('Only numbers allowed');
    expect(rateValueProblem('1e3')).toBe('Only numbers allowed');
    // A decimal comma is refused, never read as 125.
    expect(rateValueProblem('1,25')).toBe('Use a point as the decimal separator, for example 1.17');
    expect(rateValueProblem('1.2,5')).toBe('Only numbers allowed');
    expect(rateValueProblem(' 1.2')).toBe('Only numbers allowed');
    expect(rateValueProblem('1.2345678')).toBe('Maximum 6 decimal places');
    expect(rateValueProblem('10000.000001')).toBe('Maximum value 10000');
    expect(rateValueProblem('1'.repeat(21))).toBe('Maximum 20 characters');
    expect(rateValueProblem('9'.repeat(10_000))).toBe('Maximum 20 characters');
  });

  it('wants a decimal string, not a JSON number', () => {
    expect(messagesOf(RateValueSchema.safeParse(1.27))).toEqual([
      ': Send the rate as a decimal string, for example "1.2745"',
    ]);
    expect(messagesOf(RateValueSchema.safeParse(undefined))).toEqual([': Required field']);
  });
});

describe('CreateRateSetBodySchema', () => {
  const valid = () => buildRateSetEntries(SAMPLE_PAIR_VALUES);

  it('accepts the dialog payload and the same payload with derived inverse values', () => {
    expect(CreateRateSetBodySchema.safeParse(valid()).success).toBe(true);
    const withDerived = valid().map((e, i) =>
      i === 1 ? { ...e, rate_sell: '0.7825', rate_buy: '0.790500' } : e,
    );
    expect(CreateRateSetBodySchema.safeParse(withDerived).success).toBe(true);
  });

  it('refuses a zero sell rate with a field message', () => {
    const entries = valid();
    entries[2] = { ...entries[2]!, rate: '0', rate_sell: '0' };
    expect(messagesOf(CreateRateSetBodySchema.safeParse(entries))).toEqual([
      '2.rate: Minimum value 0.000001',
      '2.rate_sell: Minimum value 0.000001',
    ]);
  });

  it('refuses an inverse that is not 1 / buy to 4 decimals', () => {
    const entries = valid();
    entries[1] = { ...entries[1]!, rate: '0.7826' };
    expect(messagesOf(CreateRateSetBodySchema.safeParse(entries))).toEqual([
      '1.rate: Must be 1 / buy of GBP/USD to 4 decimals (0.7825)',
    ]);
  });

  it('refuses a direct rate that differs from its sell value, and a missing buy', () => {
    const entries = valid();
    entries[0] = { ...entries[0]!, rate: '1.3' };
    const { rate_buy: _dropped, ...noBuy } = entries[4]!;
    entries[4] = noBuy;
    expect(messagesOf(CreateRateSetBodySchema.safeParse(entries))).toEqual([
      '0.rate: Must equal rate_sell',
      '4.rate_buy: Required field',
    ]);
  });

  it('refuses a pair whose buy is below its sell, keyed on the buy of that entry', () => {
    // GBP/EUR (entries 2 and 3): buy 1.1630 below sell 1.1640; the inverse follows the new buy.
    const entries = buildRateSetEntries({ ...SAMPLE_PAIR_VALUES, buy_GBP_EUR: '1.1630' });
    expect(messagesOf(CreateRateSetBodySchema.safeParse(entries))).toEqual([
      '2.rate_buy: Buy must be at least sell',
    ]);
    // buy equal to sell is allowed: no spread, but no gain either
    const equal = buildRateSetEntries({ ...SAMPLE_PAIR_VALUES, buy_GBP_EUR: '1.164' });
    expect(CreateRateSetBodySchema.safeParse(equal).success).toBe(true);
  });

  it('refuses duplicates, unknown pairs and the wrong number of entries', () => {
    const entries = valid();
    entries[3] = entries[1]!;
    expect(messagesOf(CreateRateSetBodySchema.safeParse(entries))).toEqual([
      '3.target_currency: USD/GBP appears twice',
      ': EUR/GBP is missing. A rate set holds the 6 pairs and their inverses (12 entries)',
    ]);
    const same: RateSetEntry = {
      original_currency: { named: 'GBP' },
      target_currency: { named: 'GBP' },
      rate: '1',
    };
    expect(messagesOf(CreateRateSetBodySchema.safeParse([...valid().slice(0, 11), same]))[0]).toBe(
      '11.target_currency: GBP/GBP is not a supported pair',
    );
    expect(CreateRateSetBodySchema.safeParse(valid().slice(0, 11)).success).toBe(false);
    expect(CreateRateSetBodySchema.safeParse([...valid(), valid()[0]]).success).toBe(false);
    expect(CreateRateSetBodySchema.safeParse({}).success).toBe(false);
  });

  it('refuses unknown fields and unknown currencies', () => {
    const entries: unknown[] = valid();
    entries[0] = { ...(entries[0] as object), note: 'x' };
    expect(CreateRateSetBodySchema.safeParse(entries).success).toBe(false);
    const other: unknown[] = valid();
    other[0] = { ...(other[0] as object), original_currency: { named: 'JPY' } };
    expect(messagesOf(CreateRateSetBodySchema.safeParse(other))).toContain(
      '0.original_currency.named: Invalid field value',
    );
  });
});

describe('single record bodies', () => {
  const body = {
    original_currency: { named: 'GBP' },
    target_currency: { named: 'USD' },
    rate_sell: '1.27',
    rate_buy: '1.28',
  };

  it('takes a new rate for one of the six pairs only', () => {
    expect(CreateExchangeRateBodySchema.safeParse(body).success).toBe(true);
    expect(CreateExchangeRateBodySchema.safeParse({ ...body, rate: '1.270' }).success).toBe(true);
    expect(messagesOf(CreateExchangeRateBodySchema.safeParse({ ...body, rate: '1.3' }))).toEqual([
      'rate: Must equal rate_sell',
    ]);
    expect(
      messagesOf(
        CreateExchangeRateBodySchema.safeParse({
          ...body,
          original_currency: { named: 'USD' },
          target_currency: { named: 'GBP' },
        }),
      ),
    ).toEqual(['target_currency: USD/GBP is not one of the 6 pairs; inverse rates are derived from them']);
  });

  it('wants buy at least sell on a new rate and on a correction', () => {
    expect(messagesOf(CreateExchangeRateBodySchema.safeParse({ ...body, rate_buy: '1.2699' }))).toEqual([
      'rate_buy: Buy must be at least sell',
    ]);
    expect(CreateExchangeRateBodySchema.safeParse({ ...body, rate_buy: '1.27' }).success).toBe(true);
    const record = { id: 4, ...body, rate: '1.27' };
    expect(messagesOf(UpdateExchangeRateBodySchema.safeParse({ ...record, rate_buy: '1.26' }))).toEqual([
      'rate_buy: Buy must be at least sell',
    ]);
  });

  it('judges the pair rule only on valid values', () => {
    expect(buySellProblem('1.27', '1.2699')).toBe('Buy must be at least sell');
    expect(buySellProblem('1.27', '1.270000')).toBeNull();
    expect(buySellProblem('10', '9.5')).toBe('Buy must be at least sell'); // compared as decimals, not text
    expect(buySellProblem('1.27', '0')).toBeNull(); // 'Minimum value 0.000001' says it already
    expect(buySellProblem('', '1')).toBeNull();
  });

  it('takes the full record on update', () => {
    const record = { id: 4, rate_set_id: 2, ...body, rate: '1.27', created_at: '2026-03-01T09:30:00.000Z' };
    expect(UpdateExchangeRateBodySchema.safeParse(record).success).toBe(true);
    expect(UpdateExchangeRateBodySchema.safeParse({ ...record, rate_buy: '-1' }).success).toBe(false);
    expect(UpdateExchangeRateBodySchema.safeParse({ ...record, id: undefined }).success).toBe(false);
  });
});

describe('DateOnlySchema', () => {
  it('takes real calendar dates only', () => {
    expect(DateOnlySchema.safeParse('2026-02-28').success).toBe(true);
    expect(DateOnlySchema.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '28/02/2026', '2026-2-1', '']) {
      expect(DateOnlySchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('RegionBodySchema', () => {
  it('takes a trimmed title and a known currency', () => {
    expect(RegionBodySchema.parse({ title: '  Dubai ', ccy: 'AED' })).toEqual({ title: 'Dubai', ccy: 'AED' });
    expect(messagesOf(RegionBodySchema.safeParse({ title: ' ', ccy: 'XXX' }))).toEqual([
      'title: Required field',
      'ccy: Invalid field value',
    ]);
    expect(messagesOf(RegionBodySchema.safeParse({}))).toEqual([
      'title: Required field',
      'ccy: Required field',
    ]);
    expect(RegionBodySchema.safeParse({ title: 'x'.repeat(101), ccy: 'GBP' }).success).toBe(false);
    expect(RegionBodySchema.safeParse({ title: 'London', ccy: 'GBP', id: 3 }).success).toBe(false);
  });
});
