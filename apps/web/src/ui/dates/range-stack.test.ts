import { describe, expect, it } from 'vitest';
import { pushRangeDate, rangeDayState } from './range-stack';

describe('pushRangeDate', () => {
  it('sets the start on the first click', () => {
    expect(pushRangeDate([], '2024-03-10')).toEqual({ stack: ['2024-03-10'], complete: false });
  });

  it('sets the end with a later date and completes', () => {
    expect(pushRangeDate(['2024-03-10'], '2024-03-15')).toEqual({
      stack: ['2024-03-10', '2024-03-15'],
      complete: true,
    });
  });

  it('accepts an equal date as the end (a one-day range)', () => {
    expect(pushRangeDate(['2024-03-10'], '2024-03-10')).toEqual({
      stack: ['2024-03-10', '2024-03-10'],
      complete: true,
    });
  });

  it('restarts the range with an earlier date', () => {
    expect(pushRangeDate(['2024-03-10'], '2024-03-09')).toEqual({ stack: ['2024-03-09'], complete: false });
  });

  it('starts over after a complete range', () => {
    expect(pushRangeDate(['2024-03-10', '2024-03-15'], '2024-03-20')).toEqual({
      stack: ['2024-03-20'],
      complete: false,
    });
  });
});

describe('rangeDayState', () => {
  it('marks the ends and the days between', () => {
    const stack = ['2024-03-10', '2024-03-12'] as const;
    expect(rangeDayState(stack, '2024-03-10', null)).toEqual({
      selected: true,
      inRange: true,
      firstInRange: true,
      lastInRange: false,
    });
    expect(rangeDayState(stack, '2024-03-11', null)).toEqual({
      selected: false,
      inRange: true,
      firstInRange: false,
      lastInRange: false,
    });
    expect(rangeDayState(stack, '2024-03-13', null).inRange).toBe(false);
  });

  it('previews the range up to the hovered day while half chosen', () => {
    expect(rangeDayState(['2024-03-10'], '2024-03-11', '2024-03-12').inRange).toBe(true);
    expect(rangeDayState(['2024-03-10'], '2024-03-11', '2024-03-09').inRange).toBe(false);
  });
});
