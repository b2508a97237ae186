import { describe, expect, it } from 'vitest';
import { amountReceived, derivedRate } from './transfer-conversion.ts';

describe('transfer conversion', () => {
  it('gives the amount received to the cent, rounded half-up, without float error', () => {
    expect(amountReceived('1000.00', '4.5')).toBe('4500.00');
    // 0.1 × 3 is 0.30000000000000004 in floats
    expect(amountReceived('0.10', '3')).toBe('0.30');
    expect(amountReceived('100.00', '1.234565')).toBe('123.46');
    expect(amountReceived('100.00', '1.234549')).toBe('123.45');
    expect(amountReceived('999999999999.99', '999999')).toBe('999998999999990000.01');
  });

  it('derives the rate to six places from both amounts', () => {
    expect(derivedRate('1000.00', '4500.00')).toBe('4.5');
    expect(derivedRate('3.00', '1.00')).toBe('0.333333');
    expect(derivedRate('3.00', '2.00')).toBe('0.666667');
  });

  it('waits for both numbers, and positive ones', () => {
    expect(amountReceived('', '4.5')).toBeNull();
    expect(amountReceived('100', '')).toBeNull();
    expect(amountReceived('100', '0')).toBeNull();
    expect(derivedRate('0', '10')).toBeNull();
    expect(derivedRate('10', 'abc')).toBeNull();
  });
});
