import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime, formatDayTime } from './format-date.ts';

describe('dates on the screen (DD/MM/YYYY)', () => {
  it('writes a day, the day of an instant, and a dash for none', () => {
    expect(formatDate('2026-06-01')).toBe('01/06/2026');
    expect(formatDate('2026-06-01T23:30:00Z')).toBe('01/06/2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('soon')).toBe('soon');
  });

  it('writes a range, one day when both ends are the same or one is missing', () => {
    expect(formatDateRange('2026-05-01', '2026-05-04')).toBe('01/05/2026 – 04/05/2026');
    expect(formatDateRange('2026-05-01', '2026-05-01')).toBe('01/05/2026');
    expect(formatDateRange(null, '2026-05-04')).toBe('04/05/2026');
    expect(formatDateRange('2026-05-01', null)).toBe('01/05/2026');
    expect(formatDateRange(null, undefined)).toBe('—');
  });

  it('writes a day with its time to the minute', () => {
    expect(formatDayTime('2026-06-01', '14', '05')).toBe('01/06/2026 14:05');
    expect(formatDayTime('2026-06-01', '14', null)).toBe('01/06/2026 14:00');
    expect(formatDayTime('2026-06-01', null, null)).toBe('01/06/2026');
    expect(formatDayTime(null, '14', '05')).toBe('—');
  });

  it('writes an instant in the viewer’s time', () => {
    const local = new Date(2026, 4, 1, 14, 5);
    expect(formatDateTime(local.toISOString())).toBe('01/05/2026 14:05');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
