import { describe, expect, it } from 'vitest';
import {
  ALL_SERVICE_TYPES,
  BALANCE_OPTIONS,
  HOURS,
  LANGUAGES,
  labelOf,
  MEMBERSHIPS,
  MINUTES,
  SERVICE_SUBTYPES,
  TRANSACTION_TYPES,
  TRANSACTION_WAYS,
  toOptions,
} from './value-lists.ts';

describe('value lists', () => {
  it('has a RECEIVE and SPEND variant for each transaction suffix', () => {
    for (const base of ['RECEIVE', 'SPEND']) {
      for (const suffix of ['', '-OVERPAYMENT', '-PREPAYMENT', '-TRANSFER']) {
        expect(TRANSACTION_TYPES).toContain(`${base}${suffix}`);
      }
    }
    expect(TRANSACTION_TYPES).toHaveLength(8);
  });

  it('keeps the spec labels where value and label differ', () => {
    expect(labelOf(MEMBERSHIPS, 'the_one')).toBe('The One');
    expect(labelOf(MEMBERSHIPS, 'trial')).toBe('Trial Period');
    expect(labelOf(LANGUAGES, 'CN')).toBe('Chinese');
    expect(labelOf(TRANSACTION_WAYS, 'top_up')).toBe('Top-Up');
    expect(labelOf(BALANCE_OPTIONS, 'top-up')).toBe('Increase balance');
    expect(labelOf(BALANCE_OPTIONS, 'unknown')).toBe('unknown');
  });

  it('adds the Accounting service type to the five service types', () => {
    expect(ALL_SERVICE_TYPES).toEqual([
      'Hotel',
      'Transportation',
      'Air tickets',
      'Private jet',
      'Other',
      'Accounting',
    ]);
  });

  it('lists 21 service subtypes without repeats', () => {
    expect(SERVICE_SUBTYPES).toHaveLength(21);
    expect(new Set(SERVICE_SUBTYPES).size).toBe(21);
  });

  it('has hours 00-23 and minutes in steps of 5', () => {
    expect(HOURS).toHaveLength(24);
    expect(HOURS[0]).toBe('00');
    expect(HOURS[23]).toBe('23');
    expect(MINUTES).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
  });

  it('turns a plain list into options', () => {
    expect(toOptions(['Male', 'Female'])).toEqual([
      { value: 'Male', label: 'Male' },
      { value: 'Female', label: 'Female' },
    ]);
  });
});
