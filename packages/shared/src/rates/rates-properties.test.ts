import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertForHeader } from './converter.ts';
import { buyKey, PAIRS, RATE_CURRENCIES, sellKey } from './currencies.ts';
import { buildRateSetEntries, findRate } from './rate-lookup.ts';
import {
  applyRate,
  convertAmount,
  crossRate,
  Dec,
  inverseRate,
  sumDecimals,
  toDecimal,
} from './rate-math.ts';
import { SAMPLE_PAIR_VALUES, sampleRecords } from './rates.fixtures.ts';
import { CreateRateSetBodySchema } from './rates.schemas.ts';
import { isRateUpdateNeeded } from './staleness.ts';

// An independent oracle: fixed-point integers (BigInt) with explicit half-up rounding.
const pow10 = (n: number) => 10n ** BigInt(n);
const fixed = (units: bigint, dp: number): string => {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const whole = abs / pow10(dp);
  const frac = (abs % pow10(dp)).toString().padStart(dp, '0');
  return dp === 0 ? `${sign}${whole}` : `${sign}${whole}.${frac}`;
};
/** Half-up division of non-negative integers. */
const divHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

/** A non-negative amount with 2 decimals, as text and as integer cents. */
const amountArb = fc.bigInt({ min: 0n, max: 10n ** 11n }).map((cents) => ({ text: fixed(cents, 2), cents }));
/** A rate the API accepts (0.000001 to 10000, 6 decimals), as text and in millionths. */
const rateArb = fc
  .bigInt({ min: 1n, max: 10_000n * 10n ** 6n })
  .map((micros) => ({ text: fixed(micros, 6), micros }));
/** A realistic rate (0.05 to 50, 4 decimals as people type them). */
const typedRateArb = fc.integer({ min: 500, max: 500_000 }).map((n) => fixed(BigInt(n), 4));

describe('arithmetic against a fixed-point oracle', () => {
  it('applies a rate to 4 decimals, half up, exactly', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (amount, rate) => {
        // cents × micros is in units of 1e-8; the result is in units of 1e-4.
        const expected = fixed(divHalfUp(amount.cents * rate.micros, 10_000n), 4);
        expect(applyRate(amount.text, rate.text)).toBe(expected);
      }),
    );
  });

  it('the conversion helper rounds amount × multiplier to 2 decimals, half up, exactly', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (amount, rate) => {
        const expected = fixed(divHalfUp(amount.cents * rate.micros, 10n ** 6n), 2);
        expect(convertAmount(amount.text, rate.text)).toBe(expected);
      }),
    );
  });

  it('inverts a rate to 4 decimals, half up, exactly', () => {
    fc.assert(
      fc.property(rateArb, (rate) => {
        // 1 / (micros × 1e-6) in units of 1e-4 is 1e10 / micros.
        expect(inverseRate(rate.text)).toBe(fixed(divHalfUp(10n ** 10n, rate.micros), 4));
      }),
    );
  });

  it('sums 2-decimal amounts without float artefacts (the 0.1 + 0.2 cases)', () => {
    fc.assert(
      fc.property(fc.array(amountArb, { maxLength: 30 }), (amounts) => {
        const expected = fixed(
          amounts.reduce((total, a) => total + a.cents, 0n),
          2,
        );
        expect(
          sumDecimals(
            amounts.map((a) => a.text),
            2,
          ),
        ).toBe(expected);
      }),
    );
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(0.1 + 0.2).not.toBe(0.3); // the float artefact the decimals avoid
  });
});

describe('input forms', () => {
  it('gives the same answer for a number and its decimal text', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        (amount, rate) => {
          const fromNumbers = convertAmount(amount, rate);
          expect(fromNumbers).not.toBeNull();
          expect(convertAmount(String(amount), String(rate))).toBe(fromNumbers);
          expect(convertAmount(new Dec(String(amount)), new Dec(String(rate)))).toBe(fromNumbers);
          expect(applyRate(String(amount), rate)).toBe(applyRate(amount, String(rate)));
        },
      ),
    );
  });

  it('reads a 2-decimal amount given as a float literal exactly as its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), (cents) => {
        const text = fixed(BigInt(cents), 2);
        expect(convertAmount(Number(text))).toBe(text);
        expect(toDecimal(Number(text))?.equals(toDecimal(text) as Dec)).toBe(true);
      }),
    );
  });
});

describe('rate sets', () => {
  /** Sell and buy of one pair as the API accepts them: buy at least sell (equal allowed). */
  const quoteArb = fc.tuple(typedRateArb, typedRateArb).map(([a, b]) => {
    const [sell, buy] = new Dec(a).lessThanOrEqualTo(b) ? [a, b] : [b, a];
    return { sell, buy };
  });
  /** A valid set: the six pairs, each with buy ≥ sell (the spread the business keeps). */
  const pairValuesArb = fc
    .array(quoteArb, { minLength: PAIRS.length, maxLength: PAIRS.length })
    .map((quotes) => {
      const values: Record<string, string> = {};
      PAIRS.forEach((p, i) => {
        values[sellKey(p.original, p.target)] = quotes[i]!.sell;
        values[buyKey(p.original, p.target)] = quotes[i]!.buy;
      });
      return values;
    });

  it('every valid set the dialog can build is accepted by the API contract', () => {
    fc.assert(
      fc.property(pairValuesArb, (values) => {
        expect(CreateRateSetBodySchema.safeParse(buildRateSetEntries(values)).success).toBe(true);
      }),
    );
  });

  it('a set with buy below sell in any pair is refused, on that pair’s buy', () => {
    fc.assert(
      fc.property(
        pairValuesArb,
        fc.integer({ min: 0, max: PAIRS.length - 1 }),
        typedRateArb,
        typedRateArb,
        (values, pair, a, b) => {
          fc.pre(!new Dec(a).equals(b));
          const [buy, sell] = new Dec(a).lessThan(b) ? [a, b] : [b, a];
          const { original, target } = PAIRS[pair]!;
          const entries = buildRateSetEntries({
            ...values,
            [sellKey(original, target)]: sell,
            [buyKey(original, target)]: buy,
          });
          const result = CreateRateSetBodySchema.safeParse(entries);
          expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
            [`${pair * 2}.rate_buy`, 'Buy must be at least sell'],
          ]);
        },
      ),
    );
  });

  it('a set whose inverse is off by one unit in the last place is refused', () => {
    fc.assert(
      fc.property(pairValuesArb, fc.integer({ min: 0, max: PAIRS.length - 1 }), (values, pair) => {
        const entries = buildRateSetEntries(values);
        const inverse = entries[pair * 2 + 1]!;
        inverse.rate = new Dec(inverse.rate).plus('0.0001').toFixed(4);
        expect(CreateRateSetBodySchema.safeParse(entries).success).toBe(false);
      }),
    );
  });

  it('exact sell then ÷ buy never gains when buy ≥ sell', () => {
    fc.assert(
      fc.property(amountArb, rateArb, rateArb, (amount, a, b) => {
        const [sell, buy] = a.micros <= b.micros ? [a.text, b.text] : [b.text, a.text];
        const back = new Dec(amount.text).times(sell).div(buy);
        expect(back.lessThanOrEqualTo(amount.text)).toBe(true);
      }),
    );
  });

  // Decision 0003: the stored inverse is 1 / buy rounded to 4 decimals, half up, so it can sit up
  // to 0.00005 above 1 / buy. buy ≥ sell therefore guarantees a round trip through the stored
  // records gains at most sell × 0.00005 per unit converted; it gains nothing once the spread
  // covers that rounding (1 / sell − 1 / buy ≥ 0.00005), as every realistic quote does.
  it('through the stored records a round trip gains at most the 4-decimal rounding of the inverse', () => {
    fc.assert(
      fc.property(pairValuesArb, fc.integer({ min: 0, max: PAIRS.length - 1 }), (values, pairIndex) => {
        const pair = PAIRS[pairIndex]!;
        const rates = sampleRecords(values);
        const sell = new Dec(values[sellKey(pair.original, pair.target)]!);
        const buy = new Dec(values[buyKey(pair.original, pair.target)]!);
        const there = new Dec(findRate(rates, pair.original, pair.target)!.rate);
        const back = new Dec(findRate(rates, pair.target, pair.original)!.rate);
        const product = there.times(back); // what one unit becomes, there and back, kept exact
        expect(product.minus(1).lessThanOrEqualTo(sell.times('0.00005'))).toBe(true);
        if (new Dec(1).div(sell).minus(new Dec(1).div(buy)).greaterThanOrEqualTo('0.00005')) {
          expect(product.lessThanOrEqualTo(1)).toBe(true);
        }
      }),
    );
    // The boundary is real: with no spread the rounded inverse gives a little away.
    const flat = sampleRecords({ ...SAMPLE_PAIR_VALUES, sell_GBP_USD: '1.5', buy_GBP_USD: '1.5' });
    expect(findRate(flat, 'USD', 'GBP')!.rate).toBe('0.6667'); // 1 / 1.5 = 0.66666…
    expect(new Dec('1.5').times('0.6667').toString()).toBe('1.00005');
  });

  it('converting there and back in the header gains at most the rounding of the inverse and of each shown leg', () => {
    fc.assert(
      fc.property(
        pairValuesArb,
        fc.integer({ min: 0, max: PAIRS.length - 1 }),
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (values, pairIndex, fromOriginal, cents) => {
          const pair = PAIRS[pairIndex]!;
          const [from, to] = fromOriginal ? [pair.original, pair.target] : [pair.target, pair.original];
          const rates = sampleRecords(values);
          const amount = fixed(cents, 2);
          const rateThere = new Dec(findRate(rates, from, to)!.rate);
          const rateBack = new Dec(findRate(rates, to, from)!.rate);
          // What the stored rates themselves may gain (zero when their product is at most 1).
          const setGain = Dec.max(0, new Dec(amount).times(rateThere.times(rateBack).minus(1)));

          // As the converter shows it (each leg to 4 decimals): at most half a unit of the 4th
          // decimal per leg, the first carried through the return rate, on top of the set's own.
          const there = convertForHeader(
            { currency_from: from, currency_to: to, initial_amount: amount },
            rates,
          );
          if (there.status !== 'ok') throw new Error('rate expected');
          const back = convertForHeader(
            { currency_from: to, currency_to: from, initial_amount: there.converted_amount },
            rates,
          );
          if (back.status !== 'ok') throw new Error('rate expected');
          const gain = new Dec(back.converted_amount).minus(amount);
          expect(gain.lessThanOrEqualTo(setGain.plus(rateBack.plus(1).times('0.00005')))).toBe(true);
          // Nothing at all when the set does not gain and the return rate is at most 1, as it is
          // from the original side of every real pair.
          if (setGain.isZero() && rateBack.lessThanOrEqualTo(1)) expect(gain.lessThanOrEqualTo(0)).toBe(true);
        },
      ),
    );
  });

  it('finds every currency pair in a complete set, and a cross rate equals the product of its legs', () => {
    fc.assert(
      fc.property(
        pairValuesArb,
        fc.constantFrom(...RATE_CURRENCIES),
        fc.constantFrom(...RATE_CURRENCIES),
        (values, from, to) => {
          const rates = sampleRecords(values);
          const found = findRate(rates, from, to);
          expect(found).not.toBeNull();
          if (from === 'GBP' || to === 'GBP' || from === to) return;
          // Without the direct and inverse records the lookup goes through GBP.
          const partial = rates.filter(
            (r) =>
              !(
                (r.original_currency.named === from && r.target_currency.named === to) ||
                (r.original_currency.named === to && r.target_currency.named === from)
              ),
          );
          const viaGbp = findRate(partial, from, to);
          const legs = [findRate(rates, from, 'GBP'), findRate(rates, 'GBP', to)];
          expect(viaGbp).toEqual({ rate: crossRate(legs[0]!.rate, legs[1]!.rate), route: 'cross' });
        },
      ),
    );
  });
});

describe('header converter', () => {
  const rates = sampleRecords();
  const currencyArb = fc.constantFrom(...RATE_CURRENCIES);

  it('returns the amount itself, to 4 decimals, for the same currency', () => {
    fc.assert(
      fc.property(currencyArb, amountArb, (ccy, amount) => {
        const out = convertForHeader(
          { currency_from: ccy, currency_to: ccy, initial_amount: amount.text },
          rates,
        );
        expect(out).toEqual({ status: 'ok', converted_amount: fixed(amount.cents * 100n, 4) });
      }),
    );
  });

  it('is never negative and grows with the amount', () => {
    fc.assert(
      fc.property(currencyArb, currencyArb, amountArb, amountArb, (from, to, x, y) => {
        const [small, large] = x.cents <= y.cents ? [x, y] : [y, x];
        const a = convertForHeader(
          { currency_from: from, currency_to: to, initial_amount: small.text },
          rates,
        );
        const b = convertForHeader(
          { currency_from: from, currency_to: to, initial_amount: large.text },
          rates,
        );
        if (a.status !== 'ok' || b.status !== 'ok') throw new Error('rate expected');
        expect(new Dec(a.converted_amount).isNegative() && !new Dec(a.converted_amount).isZero()).toBe(false);
        expect(new Dec(a.converted_amount).lessThanOrEqualTo(b.converted_amount)).toBe(true);
      }),
    );
  });
});

describe('staleness', () => {
  it('once stale, stays stale as time passes; fresh within 15 days', () => {
    const DAY = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000_000 }),
        fc.integer({ min: 0, max: 60 * DAY }),
        fc.integer({ min: 0, max: 30 * DAY }),
        (created, age, later) => {
          const now = new Date(created + age);
          const stale = isRateUpdateNeeded(new Date(created), now);
          expect(stale).toBe(age > 15 * DAY);
          if (stale)
            expect(isRateUpdateNeeded(new Date(created), new Date(created + age + later))).toBe(true);
        },
      ),
    );
  });
});
