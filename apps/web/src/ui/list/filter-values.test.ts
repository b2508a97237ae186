import { describe, expect, it } from 'vitest';
import { dayOf, idOf, oneOf } from './filter-values.ts';

describe('list filter values', () => {
  it('keeps a value of the list and drops anything else', () => {
    expect(oneOf(['a', 'b'] as const, 'b')).toBe('b');
    expect(oneOf(['a', 'b'] as const, 'c')).toBeUndefined();
    expect(oneOf(['a', 'b'] as const, '')).toBeUndefined();
    expect(oneOf(['a', 'b'] as const, undefined)).toBeUndefined();
  });

  it('reads an id only as a positive integer the database holds', () => {
    expect(idOf('42')).toBe(42);
    expect(idOf('2147483647')).toBe(2147483647);
    expect(idOf('2147483648')).toBeUndefined();
    expect(idOf('0')).toBeUndefined();
    expect(idOf('07')).toBeUndefined();
    expect(idOf('4.2')).toBeUndefined();
    expect(idOf(undefined)).toBeUndefined();
  });

  it('reads a day only as YYYY-MM-DD', () => {
    expect(dayOf('2024-03-01')).toBe('2024-03-01');
    expect(dayOf('01/03/2024')).toBeUndefined();
    expect(dayOf('')).toBeUndefined();
  });
});
