import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it('groups thousands with a space and shows two decimals, without a float', () => {
    expect(formatMoney('1234567.5', 'GBP')).toBe('1 234 567.50 GBP');
    expect(formatMoney('-999.999')).toBe('-999.99');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('90071992547409919.01')).toBe('90 071 992 547 409 919.01');
  });

  it('leaves anything that is not a decimal as it is', () => {
    expect(formatMoney('n/a')).toBe('n/a');
  });
});
