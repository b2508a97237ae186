import { buyKey, CURRENCY_TITLES, Dec, PAIRS, RATE_CURRENCIES, sellKey, toFixedText } from '@app/shared';
import type { SeedContext } from '../../platform/module.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { userAccounts } from '../users/users.service.ts';
import { toNewRows } from './rates.mappers.ts';
import { ratesRepository } from './rates.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** About six months of weekly sets. */
export const DEMO_SET_COUNT = 26;
/** USD/AED is pegged at 3.6725; the other AED pairs follow from it. */
const AED_PER_USD = new Dec('3.6725');

type Mids = Record<string, InstanceType<typeof Dec>>;

/** Mid rates of the six pairs from the two that float (GBP/USD and EUR/USD). */
function midsOf(gbpUsd: InstanceType<typeof Dec>, eurUsd: InstanceType<typeof Dec>): Mids {
  return {
    'GBP/USD': gbpUsd,
    'GBP/EUR': gbpUsd.div(eurUsd),
    'EUR/USD': eurUsd,
    'GBP/AED': gbpUsd.times(AED_PER_USD),
    'USD/AED': AED_PER_USD,
    'EUR/AED': eurUsd.times(AED_PER_USD),
  };
}

/**
 * Sell and buy around the mid: the business quotes a spread (tighter on the pegged USD/AED), and
 * buy sits above sell so a round trip never gains.
 */
function quote(mids: Mids): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { original, target } of PAIRS) {
    const mid = mids[`${original}/${target}`]!;
    const spread = original === 'USD' && target === 'AED' ? new Dec('0.003') : new Dec('0.006');
    values[sellKey(original, target)] = toFixedText(mid.times(new Dec(1).minus(spread)), 4);
    values[buyKey(original, target)] = toFixedText(mid.times(new Dec(1).plus(spread)), 4);
  }
  return values;
}

/** The sets of the demo history, oldest first: weekly, the newest yesterday at 09:30 UTC. */
export function demoRateHistory(now: Date): { created_at: Date; values: Record<string, string> }[] {
  const next = seededRandom(20260115);
  const newest = new Date(now.getTime() - DAY_MS);
  newest.setUTCHours(9, 30, 0, 0);
  // Walk back from today's levels so the newest set looks like the market of the day.
  let gbpUsd = new Dec('1.3420');
  let eurUsd = new Dec('1.1650');
  const sets: { created_at: Date; values: Record<string, string> }[] = [];
  for (let week = 0; week < DEMO_SET_COUNT; week += 1) {
    sets.push({
      created_at: new Date(newest.getTime() - week * 7 * DAY_MS),
      values: quote(midsOf(gbpUsd, eurUsd)),
    });
    gbpUsd = gbpUsd.times(new Dec(1).plus(new Dec(next()).minus('0.5').times('0.016')));
    eurUsd = eurUsd.times(new Dec(1).plus(new Dec(next()).minus('0.5').times('0.014')));
  }
  return sets.reverse();
}

export async function seedRates({ db, now }: SeedContext): Promise<void> {
  await ratesRepository.upsertCurrencies(
    db,
    RATE_CURRENCIES.map((named) => ({ named, title: CURRENCY_TITLES[named] })),
  );
  const accountant = await userAccounts.findByEmail(db, 'accountant@example.com');
  for (const set of demoRateHistory(now)) {
    await ratesRepository.insertSet(
      db,
      { created_at: set.created_at, created_by: accountant?.id ?? null },
      toNewRows(set.values),
    );
  }
}
