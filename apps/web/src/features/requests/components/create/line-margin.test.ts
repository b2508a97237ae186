import { describe, expect, it } from 'vitest';
import { totalOf, valueLine } from './line-margin.ts';

const rate = (from: string, to: string, sell: string, buy: string) => ({
  original_currency: { named: from },
  target_currency: { named: to },
  rate: sell,
  rate_sell: sell,
  rate_buy: buy,
});
/** EUR → GBP sells at 0.85 and buys at 0.84; GBP → AED sells at 4.65 and buys at 4.60. */
const RATES = [rate('EUR', 'GBP', '0.850000', '0.840000'), rate('GBP', 'AED', '4.650000', '4.600000')];
const line = (cost: string, cost_currency: string, sell: string, sell_currency: string) => ({
  cost,
  cost_currency,
  sell,
  sell_currency,
});

describe('valueLine', () => {
  it('converts sell at the sell rate and cost at the buy rate, each to 2 places, exactly', () => {
    expect(valueLine(line('1000.50', 'EUR', '1250.75', 'GBP'), 'GBP', RATES)).toEqual({
      kind: 'ok',
      value: { sell: '1250.75', cost: '840.42', margin: '410.33' },
    });
    // no float artefacts: 0.1 + 0.2 style sums stay exact
    expect(valueLine(line('0.10', 'GBP', '0.30', 'GBP'), 'GBP', RATES)).toEqual({
      kind: 'ok',
      value: { sell: '0.30', cost: '0.10', margin: '0.20' },
    });
  });

  it('reads an inverse pair, and crosses through GBP when no pair joins the two', () => {
    // AED → GBP: 1 / the GBP → AED buy rate (4.60) for the sell side
    const aed = valueLine(line('0', 'GBP', '460', 'AED'), 'GBP', RATES);
    expect(aed).toEqual({ kind: 'ok', value: { sell: '100.00', cost: '0.00', margin: '100.00' } });
    // EUR → AED through GBP: 0.85 × 4.65 = 3.9525
    const cross = valueLine(line('0', 'AED', '100', 'EUR'), 'AED', RATES);
    expect(cross).toEqual({ kind: 'ok', value: { sell: '395.25', cost: '0.00', margin: '395.25' } });
  });

  it('says which currency has no rate, and waits for amounts that are not numbers yet', () => {
    expect(valueLine(line('10', 'USD', '12', 'GBP'), 'GBP', RATES)).toEqual({
      kind: 'no-rate',
      currency: 'USD',
    });
    expect(valueLine(line('', 'EUR', '12', 'GBP'), 'GBP', RATES)).toEqual({ kind: 'incomplete' });
    expect(valueLine(line('10', 'EUR', '12', null as unknown as string), 'GBP', RATES)).toEqual({
      kind: 'incomplete',
    });
  });
});

describe('totalOf', () => {
  it('adds the lines it could value and counts the others', () => {
    const total = totalOf([
      valueLine(line('1000', 'EUR', '800', 'GBP'), 'GBP', RATES),
      valueLine(line('10', 'GBP', '15.55', 'GBP'), 'GBP', RATES),
      valueLine(line('10', 'USD', '12', 'GBP'), 'GBP', RATES),
    ]);
    expect(total).toEqual({ sell: '815.55', cost: '850.00', margin: '-34.45', left_out: 1 });
  });
});
