import { describe, expect, it } from 'vitest';
import { billDifference, billDifferenceMessage, CreateBillFieldsSchema } from './bills.schemas.ts';

describe('billDifference', () => {
  it('compares |amount − cost| with 1% of the cost exactly, never after rounding', () => {
    expect(billDifference('2020.00', '2000.00')).toEqual({
      difference: '20.00',
      pct: '1.00',
      needsExplanation: false,
    });
    expect(billDifference('2020.01', '2000.00')).toEqual({
      difference: '20.01',
      pct: '1.00',
      needsExplanation: true,
    });
    expect(billDifference('1980.00', '2000.00')).toEqual({
      difference: '-20.00',
      pct: '-1.00',
      needsExplanation: false,
    });
    expect(billDifference('1979.99', '2000.00').needsExplanation).toBe(true);
    // 0.1 + 0.2 style sums stay exact
    expect(billDifference('0.30', '0.30')).toEqual({
      difference: '0.00',
      pct: '0.00',
      needsExplanation: false,
    });
  });

  it('has no percentage when the lines cost nothing, and any amount then needs explaining', () => {
    expect(billDifference('15.00', '0.00')).toEqual({
      difference: '15.00',
      pct: null,
      needsExplanation: true,
    });
  });

  it('bounds an absurd percentage to what a decimal string can carry', () => {
    expect(billDifference('999999999999.99', '0.01').pct).toBe('999999999999.99');
  });
});

describe('billDifferenceMessage', () => {
  it('words the difference as decision 0010 does, sizes without their sign', () => {
    expect(billDifferenceMessage(billDifference('2036.00', '2000.00'), 'EUR')).toBe(
      'Explain the difference of 1.8% (EUR 36.00) before saving',
    );
    expect(billDifferenceMessage(billDifference('8765.43', '10000.00'), 'GBP')).toBe(
      'Explain the difference of 12.35% (GBP 1 234.57) before saving',
    );
    expect(billDifferenceMessage(billDifference('15.00', '0.00'), 'AED')).toBe(
      'Explain the difference of AED 15.00 before saving',
    );
  });
});

describe('CreateBillFieldsSchema', () => {
  it('keeps line breaks in the explanation and refuses unknown fields', () => {
    const ok = CreateBillFieldsSchema.safeParse({
      supplier: 1,
      number: 'A-1',
      issue_date: '2026-03-01',
      currency: 'EUR',
      amount: '10.00',
      lines: [1],
      difference_explanation: 'City tax\nMinibar',
    });
    expect(ok.success && ok.data.difference_explanation).toBe('City tax\nMinibar');
    expect(CreateBillFieldsSchema.safeParse({ ...ok.data, extra: 1 }).success).toBe(false);
  });
});
