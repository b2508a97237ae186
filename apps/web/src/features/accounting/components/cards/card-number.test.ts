import { describe, expect, it } from 'vitest';
import { cardBrandHint, formatExpiryInput, groupCardNumber, isExpiryPast } from './card-number.ts';

describe('the card number as it is typed', () => {
  it('keeps digits only, grouped in fours, American Express 4-6-5, at most 19 digits', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(groupCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
    expect(groupCardNumber('')).toBe('');
  });

  it('names the brand from the first digits', () => {
    expect(cardBrandHint('4242')).toBe('Visa');
    expect(cardBrandHint('5555 5555')).toBe('Mastercard');
    expect(cardBrandHint('2223 0000')).toBe('Mastercard');
    expect(cardBrandHint('3782')).toBe('Amex');
    expect(cardBrandHint('6011')).toBeNull();
  });
});

describe('the expiry', () => {
  it('is typed as MM/YY with the slash added', () => {
    expect(formatExpiryInput('0928')).toBe('09/28');
    expect(formatExpiryInput('09/2')).toBe('09/2');
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12/345')).toBe('12/34');
  });

  it('is past only after the end of its month', () => {
    expect(isExpiryPast('05/26', '2026-05-31')).toBe(false);
    expect(isExpiryPast('04/26', '2026-05-01')).toBe(true);
    expect(isExpiryPast('12/25', '2026-01-15')).toBe(true);
    expect(isExpiryPast('01/27', '2026-12-31')).toBe(false);
    expect(isExpiryPast('13/27', '2026-12-31')).toBe(false);
  });
});
