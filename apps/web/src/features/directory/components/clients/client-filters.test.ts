import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { planEndPresets } from './client-filters.tsx';

describe('plan-end presets', () => {
  it('cover this month and the next 30 and 90 days from today, across a year end', () => {
    expect(planEndPresets(dayjs('2026-12-15'))).toEqual([
      { label: 'This month', range: ['2026-12-01', '2026-12-31'] },
      { label: 'Next 30 days', range: ['2026-12-15', '2027-01-14'] },
      { label: 'Next 90 days', range: ['2026-12-15', '2027-03-15'] },
    ]);
  });
});
