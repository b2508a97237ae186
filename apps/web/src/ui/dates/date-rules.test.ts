import { describe, expect, it } from 'vitest';
import { clampDate, isDayDisabled, isDayForbidden, normalizeRange, readTypedDate } from './date-rules';

const limits = { minDate: '2024-03-05', maxDate: '2024-03-25' };

describe('clampDate', () => {
  it('clamps to the minimum and flags minDate with a dd/MM/yyyy message', () => {
    expect(clampDate('2024-03-01', limits)).toEqual({
      value: '2024-03-05',
      issue: { kind: 'minDate', message: 'Minimum date: 05/03/2024' },
    });
  });

  it('clamps to the maximum and flags maxDate', () => {
    expect(clampDate('2024-04-01', limits)).toEqual({
      value: '2024-03-25',
      issue: { kind: 'maxDate', message: 'Maximum date: 25/03/2024' },
    });
  });

  it('keeps days inside the bounds, bounds included', () => {
    expect(clampDate('2024-03-05', limits)).toEqual({ value: '2024-03-05', issue: null });
    expect(clampDate('2024-03-25', limits)).toEqual({ value: '2024-03-25', issue: null });
    expect(clampDate('1999-01-01', {})).toEqual({ value: '1999-01-01', issue: null });
  });
});

describe('which days can be picked', () => {
  const months = ['2024-03-01'];

  it('respects the bounds', () => {
    expect(isDayDisabled('2024-03-04', limits, { months })).toBe(true);
    expect(isDayDisabled('2024-03-05', limits, { months })).toBe(false);
    expect(isDayDisabled('2024-03-26', limits, { months })).toBe(true);
  });

  it('respects disabled days of the week', () => {
    const rules = { disabledDaysOfWeek: [0, 6] };
    expect(isDayDisabled('2024-03-09', rules, { months })).toBe(true); // Saturday
    expect(isDayDisabled('2024-03-11', rules, { months })).toBe(false); // Monday
  });

  it('respects disabled dates and enabled dates', () => {
    expect(isDayDisabled('2024-03-08', { disabledDates: ['2024-03-08'] }, { months })).toBe(true);
    const only = { enabledDates: ['2024-03-12', '2024-03-14'] };
    expect(isDayDisabled('2024-03-12', only, { months })).toBe(false);
    expect(isDayDisabled('2024-03-13', only, { months })).toBe(true);
  });

  it('lets days of other months be picked only when allowed', () => {
    expect(isDayDisabled('2024-02-29', {}, { months })).toBe(true);
    expect(isDayDisabled('2024-02-29', { allowOtherMonths: true }, { months })).toBe(false);
    // but the bounds still apply to them
    expect(isDayForbidden('2024-02-29', { allowOtherMonths: true, ...limits })).toBe(true);
  });

  it('counts every month on screen as the current one (two-month view)', () => {
    expect(isDayDisabled('2024-04-02', {}, { months: ['2024-03-01', '2024-04-01'] })).toBe(false);
    expect(isDayDisabled('2024-05-01', {}, { months: ['2024-03-01', '2024-04-01'] })).toBe(true);
  });

  it('disables ends beyond the maximum range length while a start is chosen', () => {
    const grid = { months, rangeStart: '2024-03-10', maxRangeDays: 7 };
    expect(isDayDisabled('2024-03-17', {}, grid)).toBe(false);
    expect(isDayDisabled('2024-03-18', {}, grid)).toBe(true);
    // earlier days stay clickable: they restart the range
    expect(isDayDisabled('2024-03-02', {}, grid)).toBe(false);
  });
});

describe('readTypedDate', () => {
  it("answers 'Invalid date format' for text that is not a date", () => {
    expect(readTypedDate('31/02/2024', {})).toEqual({
      kind: 'invalid',
      issue: { kind: 'invalid', message: 'Invalid date format' },
    });
  });

  it('clamps and flags typed days outside the bounds', () => {
    expect(readTypedDate('01/01/2024', limits)).toEqual({
      kind: 'date',
      value: '2024-03-05',
      issue: { kind: 'minDate', message: 'Minimum date: 05/03/2024' },
    });
  });

  it('refuses a typed day the rules disable', () => {
    expect(readTypedDate('09/03/2024', { disabledDaysOfWeek: [6] })).toMatchObject({
      kind: 'invalid',
      issue: { kind: 'disabled', message: 'Invalid field value' },
    });
  });

  it('treats blank text as empty', () => {
    expect(readTypedDate('  ', limits)).toEqual({ kind: 'empty' });
  });
});

describe('normalizeRange', () => {
  it('sorts the ends ascending before validating them', () => {
    expect(normalizeRange('2024-03-20', '2024-03-10', limits)).toEqual({
      value: ['2024-03-10', '2024-03-20'],
      issue: null,
    });
  });

  it('clamps both ends and reports the first flag', () => {
    expect(normalizeRange('2024-04-02', '2024-03-01', limits)).toEqual({
      value: ['2024-03-05', '2024-03-25'],
      issue: { kind: 'minDate', message: 'Minimum date: 05/03/2024' },
    });
  });

  it('limits the end to the maximum range length', () => {
    expect(normalizeRange('2024-03-10', '2024-03-30', {}, 5).value).toEqual(['2024-03-10', '2024-03-15']);
    expect(normalizeRange('2024-03-10', '2024-03-15', {}, 5).value).toEqual(['2024-03-10', '2024-03-15']);
  });
});
