import { describe, expect, it } from 'vitest';
import { closableMonths } from './month-options.ts';

describe('closableMonths', () => {
  it('offers ended months only, newest first, across a year', () => {
    expect(closableMonths(new Date(2026, 1, 15), 3)).toEqual([
      { value: '2026-01', named: 'January 2026' },
      { value: '2025-12', named: 'December 2025' },
      { value: '2025-11', named: 'November 2025' },
    ]);
  });

  it('does not offer the current month even on its last day', () => {
    expect(closableMonths(new Date(2026, 2, 31), 1)).toEqual([{ value: '2026-02', named: 'February 2026' }]);
  });
});
