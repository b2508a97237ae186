import { describe, expect, it } from 'vitest';
import { formatMoney, isNegative, moneyGreater, sumMoney } from './format-money.ts';

describe('formatMoney', () => {
  it('groups thousands with a space and fixes two places on the text, never through a float', () => {
    expect(formatMoney('1234567.5', 'GBP')).toBe('1 234 567.50 GBP');
    expect(formatMoney('-110', 'GBP')).toBe('-110.00 GBP');
    expect(formatMoney('-999.999')).toBe('-999.99');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('999999999999.99')).toBe('999 999 999 999.99');
    expect(formatMoney('90071992547409919.01')).toBe('90 071 992 547 409 919.01');
  });

  it('shows a zero without its sign, an absent amount as a dash and other text as given', () => {
    expect(formatMoney('-0.00')).toBe('0.00');
    expect(formatMoney('-0.001', 'GBP')).toBe('0.00 GBP');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(undefined, 'GBP')).toBe('—');
    expect(formatMoney('')).toBe('—');
    expect(formatMoney('n/a')).toBe('n/a');
    expect(formatMoney('12.5', null)).toBe('12.50');
  });
});

describe('money arithmetic on decimal strings', () => {
  it('tells a negative amount, sums and compares exactly', () => {
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('12.00')).toBe(false);
    expect(isNegative(null)).toBe(false);
    expect(sumMoney(['0.10', '0.20', 'x', null])).toBe('0.30');
    expect(moneyGreater('1000.01', '1000.00')).toBe(true);
    expect(moneyGreater('1000.00', '1000.00')).toBe(false);
    expect(moneyGreater('x', '1.00')).toBe(false);
  });
});
