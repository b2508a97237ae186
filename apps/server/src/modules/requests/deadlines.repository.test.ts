import { describe, expect, it } from 'vitest';
import { planDeadlines } from './deadlines.repository.ts';

const PRE = { type: 'Prepayment', due_date: '2026-03-01', amount: '300.00' };
const PART = { type: 'Part payment', due_date: '2026-03-05', amount: '100.00' };
const FINAL = { type: 'Final payment', due_date: '2026-03-12', amount: '600.00' };
const rows = [
  { id: 11, ...PRE },
  { id: 12, ...PART },
  { id: 13, ...FINAL },
];

describe('planDeadlines (a line’s deadlines keep their ids)', () => {
  it('changes nothing when the deadlines come back the same, amounts written either way', () => {
    expect(planDeadlines(rows, [PRE, PART, { ...FINAL, amount: '600' }])).toEqual({
      update: [],
      insert: [],
      remove: [],
    });
  });

  it('updates the n-th row in place, inserts extra ones and removes the rest', () => {
    const changed = { ...PART, amount: '150.00' };
    const extra = { type: 'Part payment', due_date: '2026-04-01', amount: '10.00' };
    expect(planDeadlines(rows, [PRE, changed, FINAL, extra])).toEqual({
      update: [{ id: 12, values: changed }],
      insert: [extra],
      remove: [],
    });
    expect(planDeadlines(rows, [PRE, { ...FINAL, due_date: '2026-03-20' }])).toEqual({
      update: [{ id: 12, values: { ...FINAL, due_date: '2026-03-20' } }],
      insert: [],
      remove: [13],
    });
    expect(planDeadlines(rows, [])).toEqual({ update: [], insert: [], remove: [11, 12, 13] });
  });

  it('keeps an unchanged deadline on its row even when it moved in the list', () => {
    const first = { type: 'Prepayment', due_date: '2026-02-01', amount: '50.00' };
    expect(planDeadlines(rows, [first, PRE, PART, FINAL])).toEqual({
      update: [],
      insert: [first],
      remove: [],
    });
    expect(planDeadlines(rows, [PART, FINAL])).toEqual({ update: [], insert: [], remove: [11] });
  });
});
