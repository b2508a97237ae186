import { describe, expect, it } from 'vitest';
import { isRateUpdateNeeded } from './staleness.ts';

const now = new Date('2026-03-20T12:00:00.000Z');
const daysBefore = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs);

describe('isRateUpdateNeeded', () => {
  it('is false up to exactly 15 days and true just after', () => {
    expect(isRateUpdateNeeded(daysBefore(0), now)).toBe(false);
    expect(isRateUpdateNeeded(daysBefore(15), now)).toBe(false);
    expect(isRateUpdateNeeded(daysBefore(15, 1), now)).toBe(true);
    expect(isRateUpdateNeeded(daysBefore(16).toISOString(), now)).toBe(true);
  });

  it('is false for a set created in the future (a clock skew is not staleness)', () => {
    expect(isRateUpdateNeeded(new Date(now.getTime() + 60_000), now)).toBe(false);
  });

  it('has nothing to judge without a readable date', () => {
    expect(isRateUpdateNeeded(null, now)).toBe(false);
    expect(isRateUpdateNeeded(undefined, now)).toBe(false);
    expect(isRateUpdateNeeded('not a date', now)).toBe(false);
  });
});
