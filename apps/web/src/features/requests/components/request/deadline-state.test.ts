import { describe, expect, it } from 'vitest';
import { deadlineState } from './deadline-state.ts';

describe('deadline payments on the request page', () => {
  it('flags overdue and upcoming (7 days) deadlines of a live line only', () => {
    const today = '2026-11-24';
    expect(deadlineState('2026-11-23', null, today)).toBe('overdue');
    expect(deadlineState('2026-11-24', 'Confirmed', today)).toBe('upcoming');
    expect(deadlineState('2026-12-01', null, today)).toBe('upcoming');
    expect(deadlineState('2026-12-02', null, today)).toBeNull();
    expect(deadlineState('2026-11-01', 'Canceled', today)).toBeNull();
    expect(deadlineState('2027-01-06', null, '2026-12-29')).toBeNull();
    expect(deadlineState('2027-01-05', null, '2026-12-29')).toBe('upcoming');
  });
});
