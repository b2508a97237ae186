import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatSetDateTime, normaliseRateInput, setDateTimeLabels } from './rate-format.ts';

describe('setDateTimeLabels', () => {
  it('shows sets to the minute, with seconds only where two share a minute', () => {
    const isos = ['2026-03-01T09:30:41.000Z', '2026-03-01T09:30:05.000Z', '2026-03-01T09:29:59.000Z'];
    const minute = dayjs(isos[0]).format('DD/MM/YYYY HH:mm');
    expect(setDateTimeLabels(isos)).toEqual([`${minute}:41`, `${minute}:05`, formatSetDateTime(isos[2]!)]);
    expect(setDateTimeLabels([isos[0]!])).toEqual([minute]);
    expect(setDateTimeLabels([])).toEqual([]);
  });
});

describe('normaliseRateInput', () => {
  it('reads a decimal comma as the point and completes a bare dot', () => {
    expect(normaliseRateInput('1,17')).toBe('1.17');
    expect(normaliseRateInput(' ,5 ')).toBe('0.5');
    expect(normaliseRateInput('4.')).toBe('4');
    expect(normaliseRateInput('-1.5')).toBe('-1.5');
  });
});
