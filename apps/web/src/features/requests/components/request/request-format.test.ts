import { describe, expect, it } from 'vitest';
import {
  addDays,
  deadlineState,
  formatDate,
  formatDayTime,
  formatMoney,
  isNegative,
  moneyGreater,
  sumMoney,
} from './request-format.ts';

describe('money on the request page', () => {
  it('groups and fixes two places on the text, never through a float', () => {
    expect(formatMoney('1234567.5', 'GBP')).toBe('1 234 567.50 GBP');
    expect(formatMoney('-110', 'GBP')).toBe('-110.00 GBP');
    expect(formatMoney('-0.00')).toBe('0.00');
    expect(formatMoney('999999999999.99')).toBe('999 999 999 999.99');
    expect(formatMoney(null)).toBe('—');
  });

  it('tells a negative margin, and sums and compares exactly', () => {
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('12.00')).toBe(false);
    expect(isNegative(null)).toBe(false);
    expect(sumMoney(['0.10', '0.20', 'x', null])).toBe('0.30');
    expect(moneyGreater('1000.01', '1000.00')).toBe(true);
    expect(moneyGreater('1000.00', '1000.00')).toBe(false);
  });
});

describe('dates on the request page', () => {
  it('reads DD/MM/YYYY with the time to the minute', () => {
    expect(formatDate('2026-06-01')).toBe('01/06/2026');
    expect(formatDayTime('2026-06-01', '14', '05')).toBe('01/06/2026 14:05');
    expect(formatDayTime('2026-06-01', null, null)).toBe('01/06/2026');
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
  });

  it('flags overdue and upcoming (7 days) deadlines of a live line only', () => {
    const today = '2026-11-24';
    expect(deadlineState('2026-11-23', null, today)).toBe('overdue');
    expect(deadlineState('2026-11-24', 'Confirmed', today)).toBe('upcoming');
    expect(deadlineState('2026-12-01', null, today)).toBe('upcoming');
    expect(deadlineState('2026-12-02', null, today)).toBeNull();
    expect(deadlineState('2026-11-01', 'Canceled', today)).toBeNull();
  });
});
