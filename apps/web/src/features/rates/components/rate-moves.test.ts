import { SAMPLE_PAIR_VALUES } from '@app/shared/rates/rates.fixtures';
import { describe, expect, it } from 'vitest';
import { rateMoves } from './rate-moves.ts';

describe('rateMoves', () => {
  it('lists each side of a pair more than 20% from the newest set, in row order', () => {
    const moves = rateMoves(
      { ...SAMPLE_PAIR_VALUES, buy_EUR_AED: '3.2', sell_GBP_USD: '126.5' },
      SAMPLE_PAIR_VALUES,
    );
    expect(moves).toEqual([
      { label: 'GBP / USD sell', from: '1.265', to: '126.5', change: '+9900.0%' },
      { label: 'EUR / AED buy', from: '4.026', to: '3.2', change: '-20.5%' },
    ]);
  });

  it('lets exactly 20% through, and skips values that are not numbers yet or pairs the set lacks', () => {
    expect(rateMoves({ ...SAMPLE_PAIR_VALUES, sell_GBP_USD: '1.518' }, SAMPLE_PAIR_VALUES)).toEqual([]);
    expect(rateMoves({ ...SAMPLE_PAIR_VALUES, sell_GBP_USD: '' }, SAMPLE_PAIR_VALUES)).toEqual([]);
    expect(rateMoves({ ...SAMPLE_PAIR_VALUES, sell_GBP_USD: '9' }, {})).toEqual([]);
  });
});
