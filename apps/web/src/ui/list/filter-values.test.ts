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

  it('reads a day only as YYYY-MM-DD, and only a day on the calendar', () => {
    expect(dayOf('2024-03-01')).toBe('2024-03-01');
    expect(dayOf('2024-02-29')).toBe('2024-02-29');
    expect(dayOf('2026-02-29')).toBeUndefined();
    expect(dayOf('2026-02-31')).toBeUndefined();
    expect(dayOf('2026-04-31')).toBeUndefined();
    expect(dayOf('2026-13-01')).toBeUndefined();
    expect(dayOf('2026-00-10')).toBeUndefined();
    expect(dayOf('2026-01-00')).toBeUndefined();
    expect(dayOf('01/03/2024')).toBeUndefined();
    expect(dayOf('')).toBeUndefined();
  });
});
