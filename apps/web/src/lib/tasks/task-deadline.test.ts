import { describe, expect, it } from 'vitest';
import { composeDeadline, splitDeadline } from './task-deadline.ts';

describe('task deadline', () => {
  it('sends the instant of the local day, hour and minute picked', () => {
    expect(composeDeadline('2026-12-01', '09', '35')).toBe(new Date(2026, 11, 1, 9, 35).toISOString());
    expect(composeDeadline('2026-12-01', '18', null)).toBe(new Date(2026, 11, 1, 18, 0).toISOString());
  });

  it('has no deadline without a day, or with a day that is not one', () => {
    expect(composeDeadline('', '09', '30')).toBeNull();
    expect(composeDeadline('01/12/2026', '09', '30')).toBeNull();
  });

  it('reads an instant back as the local day, hour and minute, and none as empty', () => {
    const iso = new Date(2027, 0, 31, 23, 55).toISOString();
    expect(splitDeadline(iso)).toEqual({ date: '2027-01-31', hour: '23', minute: '55' });
    expect(splitDeadline(composeDeadline('2026-03-05', '00', '05'))).toEqual({
      date: '2026-03-05',
      hour: '00',
      minute: '05',
    });
    expect(splitDeadline(null)).toEqual({ date: '', hour: null, minute: null });
    expect(splitDeadline('not a date')).toEqual({ date: '', hour: null, minute: null });
  });

  it('puts a minute off the five-minute grid on the grid below it', () => {
    expect(splitDeadline(new Date(2026, 5, 1, 10, 7).toISOString()).minute).toBe('05');
  });
});
