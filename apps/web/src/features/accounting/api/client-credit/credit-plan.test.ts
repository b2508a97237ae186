import { describe, expect, it } from 'vitest';
import { planCreditUses } from './credit-plan.ts';

const CREDITS = [
  { id: 9, date: '2026-03-05', open_amount: '100.00' },
  { id: 4, date: '2026-03-01', open_amount: '0.10' },
  { id: 7, date: '2026-03-01', open_amount: '0.00' },
  { id: 5, date: '2026-03-01', open_amount: '50.25' },
];

describe('planCreditUses', () => {
  it('takes the oldest credit first (same day: lower id first), each up to what it has open', () => {
    expect(planCreditUses(CREDITS, '100.45')).toEqual([
      { transaction: 4, amount: '0.10' },
      { transaction: 5, amount: '50.25' },
      { transaction: 9, amount: '50.10' },
    ]);
  });

  it('uses one credit alone when it covers the amount', () => {
    expect(planCreditUses(CREDITS, '0.10')).toEqual([{ transaction: 4, amount: '0.10' }]);
  });

  it('answers null when the credit does not cover the amount, or the amount is not above zero', () => {
    expect(planCreditUses(CREDITS, '150.36')).toBeNull();
    expect(planCreditUses(CREDITS, '0')).toBeNull();
    expect(planCreditUses([], '1.00')).toBeNull();
  });
});
