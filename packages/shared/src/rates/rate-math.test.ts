import { describe, expect, it } from 'vitest';
import {
  applyRate,
  convertAmount,
  crossRate,
  inverseRate,
  sameDecimal,
  sumDecimals,
  toDecimal,
} from './rate-math.ts';

describe('toDecimal', () => {
  it('reads numbers, decimal strings and trims blanks around them', () => {
    expect(toDecimal(12.5)?.toString()).toBe('12.5');
    expect(toDecimal(' 12.50 ')?.toString()).toBe('12.5');
    expect(toDecimal('.5')?.toString()).toBe('0.5');
    expect(toDecimal('5e-324')?.toString()).toBe('5e-324');
    expect(toDecimal('1.5E3')?.toString()).toBe('1500');
  });

  it('refuses what is not a plain finite number', () => {
    for (const bad of [
      '',
      '   ',
      'abc',
      '1e401',
      '1e999999999',
      '0x10',
      'Infinity',
      '1,5',
      '1.2.3',
      Number.NaN,
      Infinity,
      null,
      {},
    ]) {
      expect(toDecimal(bad)).toBeNull();
    }
  });
});

describe('convertAmount (spec conversion helper)', () => {
  it('multiplies and rounds to 2 decimals, half up', () => {
    expect(convertAmount('100', '1.2745')).toBe('127.45');
    expect(convertAmount('10', '0.12345')).toBe('1.23');
    expect(convertAmount('1.005')).toBe('1.01');
    expect(convertAmount(1.005, 1)).toBe('1.01');
  });

  it('treats a missing multiplier as 1 and keeps a multiplier of 0', () => {
    expect(convertAmount('12.345')).toBe('12.35');
    expect(convertAmount('12.345', null)).toBe('12.35');
    expect(convertAmount('12.34', 0)).toBe('0.00');
    expect(convertAmount('12.34', '0')).toBe('0.00');
  });

  it('gives null when the product is not a number', () => {
    expect(convertAmount('abc', 2)).toBeNull();
    expect(convertAmount('', 2)).toBeNull();
    expect(convertAmount(undefined, 2)).toBeNull();
    expect(convertAmount(5, 'x')).toBeNull();
    expect(convertAmount(Number.NaN)).toBeNull();
  });

  it('has no float artefacts and no negative zero', () => {
    expect(convertAmount('0.1', 3)).toBe('0.30');
    expect(convertAmount('0.7', '0.1')).toBe('0.07');
    expect(convertAmount('1.15', 100)).toBe('115.00');
    expect(convertAmount('-0.001')).toBe('0.00');
    expect(convertAmount('-1.005')).toBe('-1.01');
  });
});

describe('applyRate, inverseRate, crossRate', () => {
  it('applies a rate to 4 decimals', () => {
    expect(applyRate('100', '4.6712')).toBe('467.1200');
    expect(applyRate('1', '0.787401')).toBe('0.7874');
    expect(applyRate('2', '0.00005')).toBe('0.0001');
  });

  it('inverts a rate to 4 decimals, half up, and refuses zero or negative', () => {
    expect(inverseRate('1.25')).toBe('0.8000');
    expect(inverseRate('3')).toBe('0.3333');
    expect(inverseRate('1.5')).toBe('0.6667');
    expect(inverseRate('0')).toBeNull();
    expect(inverseRate('-2')).toBeNull();
    expect(inverseRate('abc')).toBeNull();
  });

  it('keeps cross rates to 6 decimals', () => {
    expect(crossRate('0.8', '4.6712')).toBe('3.736960');
    expect(crossRate('1.0833', '1.1666667')).toBe('1.263850');
  });

  it('compares decimals by value and sums exactly', () => {
    expect(sameDecimal('1.27', '1.270000')).toBe(true);
    expect(sameDecimal('1.27', '1.2701')).toBe(false);
    expect(sameDecimal('x', 'x')).toBe(false);
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals([0.1, 0.2], 2)).toBe('0.30');
    expect(sumDecimals(['1', 'x'])).toBeNull();
  });
});
