import { describe, expect, it } from 'vitest';
import { LINES, REQUEST } from '../client-invoice-fixtures.ts';
import {
  defaultDueDate,
  defaultSelection,
  lineChoices,
  selectionSummary,
  utcToday,
} from './client-invoice-line-choices.ts';

const NONE = new Map<number, { id: number; number: string }>();
const reasons = (checked: number[], invoiced = NONE) =>
  Object.fromEntries(lineChoices(REQUEST, new Set(checked), invoiced).map((c) => [c.line.id, c.reason]));

describe('the new invoice’s line rules', () => {
  it('lets only Confirmed lines be ticked, and says why the others cannot', () => {
    expect(reasons([])).toEqual({
      11: null,
      12: null,
      13: null,
      14: 'Already invoiced',
      15: 'Not confirmed',
      16: 'Canceled',
    });
  });

  it('names the invoice holding an invoiced line when it is known', () => {
    const invoiced = new Map([[14, { id: 9, number: 'TPRO-INV-2026-0007' }]]);
    expect(reasons([], invoiced)[14]).toBe('Invoiced on TPRO-INV-2026-0007');
  });

  it('greys the lines of another currency than the ones ticked, both ways', () => {
    expect(reasons([11])[13]).toBe('In EUR, not GBP like the lines ticked');
    expect(reasons([13])[11]).toBe('In GBP, not EUR like the lines ticked');
    expect(reasons([13])[12]).toBe('In GBP, not EUR like the lines ticked');
  });

  it('offers nothing on a canceled request', () => {
    const canceled = { ...REQUEST, canceled_at: '2026-05-05T10:00:00Z' };
    expect(lineChoices(canceled, new Set(), NONE).every((c) => !c.selectable)).toBe(true);
  });

  it('ticks every invoiceable line when they share one currency, none when they do not', () => {
    expect(defaultSelection(REQUEST, NONE)).toEqual([]);
    const gbpOnly = { ...REQUEST, lines: LINES.filter((l) => l.id !== 13) };
    expect(defaultSelection(gbpOnly, NONE)).toEqual([11, 12]);
  });

  it('adds the total as decimals, with no float error (1250.10 + 0.20 = 1250.30)', () => {
    expect(selectionSummary(REQUEST, new Set([12, 11]))).toEqual({
      ids: [11, 12],
      count: 2,
      currency: 'GBP',
      total: '1250.30',
    });
  });

  it('puts the due date at the client’s terms, else 14 days, across month ends', () => {
    expect(defaultDueDate('2026-01-25', 30)).toBe('2026-02-24');
    expect(defaultDueDate('2026-02-20', null)).toBe('2026-03-06');
    expect(defaultDueDate('2026-02-20', 0)).toBe('2026-02-20');
  });

  it('takes today in UTC, the day the server checks against', () => {
    expect(utcToday(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
  });
});
