import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfWeek,
  diffDays,
  formatDisplay,
  formatDisplayRange,
  parseDisplayDate,
  parseDisplayRange,
  toIsoDay,
} from './date-format';

describe('DD/MM/YYYY', () => {
  it('parses real days only', () => {
    expect(parseDisplayDate('07/03/2024')).toBe('2024-03-07');
    expect(parseDisplayDate(' 7/3/2024 ')).toBe('2024-03-07');
    expect(parseDisplayDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDisplayDate('29/02/2023')).toBeNull();
    expect(parseDisplayDate('2024-03-07')).toBeNull();
    expect(parseDisplayDate('03/13/2024')).toBeNull();
    expect(parseDisplayDate('tomorrow')).toBeNull();
  });

  it('formats', () => {
    expect(formatDisplay('2024-03-07')).toBe('07/03/2024');
    expect(formatDisplay(null)).toBe('');
    expect(formatDisplayRange(['2024-03-07', '2024-03-09'])).toBe('07/03/2024 - 09/03/2024');
    expect(formatDisplayRange(['2024-03-07', null])).toBe('07/03/2024');
  });

  it('parses ranges, a single date being a one-day range', () => {
    expect(parseDisplayRange('07/03/2024 - 09/03/2024')).toEqual({
      kind: 'range',
      start: '2024-03-07',
      end: '2024-03-09',
    });
    expect(parseDisplayRange('07/03/2024')).toEqual({
      kind: 'range',
      start: '2024-03-07',
      end: '2024-03-07',
    });
    expect(parseDisplayRange('  ')).toEqual({ kind: 'empty' });
    expect(parseDisplayRange('07/03/2024 - soon')).toEqual({ kind: 'invalid' });
  });
});

describe('day arithmetic', () => {
  it('adds and counts days across months, leap days and DST changes', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-30', 2)).toBe('2024-04-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
    expect(diffDays('2024-03-30', '2024-04-02')).toBe(3);
    expect(diffDays('2024-10-26', '2024-10-28')).toBe(2);
  });

  it('moves by months to the first of the month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-01');
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-01');
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-01');
  });

  it('knows the weekday', () => {
    expect(dayOfWeek('2024-03-10')).toBe(0); // Sunday
    expect(dayOfWeek('2024-03-16')).toBe(6);
  });

  it('takes the local calendar day of a Date', () => {
    expect(toIsoDay(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });
});
