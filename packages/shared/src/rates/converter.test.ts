import { describe, expect, it } from 'vitest';
import { convertForHeader } from './converter.ts';
import { sampleRecords } from './rates.fixtures.ts';

const rates = sampleRecords();

describe('convertForHeader', () => {
  it('asks to fill all required fields when any value is missing', () => {
    const missing = { status: 'missing', message: 'Fill all required fields' };
    expect(convertForHeader({ currency_from: null, currency_to: 'GBP', initial_amount: '1' }, rates)).toEqual(
      missing,
    );
    expect(convertForHeader({ currency_from: 'USD', currency_to: '', initial_amount: '1' }, rates)).toEqual(
      missing,
    );
    expect(
      convertForHeader({ currency_from: 'USD', currency_to: 'GBP', initial_amount: ' ' }, rates),
    ).toEqual(missing);
    expect(
      convertForHeader({ currency_from: 'USD', currency_to: 'GBP', initial_amount: undefined }, rates),
    ).toEqual(missing);
  });

  it('refuses a negative amount or one that is not a number', () => {
    expect(
      convertForHeader({ currency_from: 'USD', currency_to: 'GBP', initial_amount: '-1' }, rates),
    ).toMatchObject({
      status: 'invalid',
      message: 'Minimum value 0',
    });
    expect(
      convertForHeader({ currency_from: 'USD', currency_to: 'GBP', initial_amount: '1,5' }, rates),
    ).toMatchObject({
      status: 'invalid',
      message: 'Only numbers allowed',
    });
  });

  it('returns the amount to 4 decimals for the same currency, even without rates', () => {
    expect(
      convertForHeader({ currency_from: 'EUR', currency_to: 'EUR', initial_amount: '12.5' }, []),
    ).toEqual({
      status: 'ok',
      converted_amount: '12.5000',
    });
  });

  it('multiplies by the matching rate to 4 decimals', () => {
    expect(
      convertForHeader({ currency_from: 'GBP', currency_to: 'AED', initial_amount: '100' }, rates),
    ).toEqual({
      status: 'ok',
      converted_amount: '464.5000',
    });
    // the default USD → GBP for 1: the inverse record 1 / 1.2780
    expect(convertForHeader({ currency_from: 'USD', currency_to: 'GBP', initial_amount: 1 }, rates)).toEqual({
      status: 'ok',
      converted_amount: '0.7825',
    });
    expect(
      convertForHeader({ currency_from: 'USD', currency_to: 'GBP', initial_amount: '0' }, rates),
    ).toEqual({
      status: 'ok',
      converted_amount: '0.0000',
    });
  });

  it('gives 0 and the spec message when no rate is found', () => {
    expect(convertForHeader({ currency_from: 'USD', currency_to: 'AED', initial_amount: '10' }, [])).toEqual({
      status: 'not_found',
      converted_amount: '0.0000',
      message: 'Rate not found for this currencies',
    });
  });
});
