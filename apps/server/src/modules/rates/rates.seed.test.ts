import {
  buildRateSetEntries,
  CreateRateSetBodySchema,
  Dec,
  isRateUpdateNeeded,
  PAIRS,
  type RateSet,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { DEMO_SET_COUNT, demoRateHistory, seedRates } from './rates.seed.ts';

const now = new Date('2026-03-20T12:00:00.000Z');

describe('demoRateHistory', () => {
  const history = demoRateHistory(now);

  it('spans about six months, weekly, with the newest set fresh', () => {
    expect(history).toHaveLength(DEMO_SET_COUNT);
    const newest = history.at(-1)!.created_at;
    expect(newest.toISOString()).toBe('2026-03-19T09:30:00.000Z');
    expect(isRateUpdateNeeded(newest, now)).toBe(false);
    const days = (newest.getTime() - history[0]!.created_at.getTime()) / 86_400_000;
    expect(days).toBe((DEMO_SET_COUNT - 1) * 7);
  });

  it('holds sets the API itself would accept, with buy above sell', () => {
    for (const set of history) {
      expect(CreateRateSetBodySchema.safeParse(buildRateSetEntries(set.values)).success).toBe(true);
      for (const { original, target } of PAIRS) {
        expect(
          new Dec(set.values[`sell_${original}_${target}`]!).lessThan(
            set.values[`buy_${original}_${target}`]!,
          ),
        ).toBe(true);
      }
    }
  });

  it('is the same every time for the same day', () => {
    expect(demoRateHistory(now)).toEqual(history);
  });
});

describe('seedRates', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('stores the history; the newest set becomes the current rates', async () => {
    await seedRates({ db: t.database.db, config: testConfig(), now });
    const token = await t.login('FO');
    const sets = await t.request({ method: 'GET', url: 'rates/?limit=500', token });
    expect(sets.json().meta.total).toBe(DEMO_SET_COUNT);
    const current: RateSet = (
      await t.request({ method: 'GET', url: 'exchange-rates/get-latest-rate/', token })
    ).json().data;
    expect(current.created_at).toBe('2026-03-19T09:30:00.000Z');
    expect(current.rates).toHaveLength(12);
    expect(current.created_by).toMatchObject({ name: 'Arthur Accountant' });
  });
});
