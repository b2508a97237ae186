import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import { escapePatternText, sameUnmasked, type TextMask, toImaskOptions } from './input-mask';

/** Feeds `typed` through the real IMask engine and returns what the person sees and what is kept. */
function run(mask: TextMask, typed: string) {
  // The options are built dynamically, so the engine is typed by the few members used here.
  const masked = IMask.createMask(toImaskOptions(mask) as never) as unknown as {
    resolve: (s: string) => string;
    value: string;
    unmaskedValue: string;
  };
  masked.resolve(typed);
  return { shown: masked.value, kept: masked.unmaskedValue };
}

describe('toImaskOptions', () => {
  it('formats numbers with a space as the default thousand separator and a dot decimal', () => {
    expect(run({ kind: 'number' }, '1234567.891')).toEqual({ shown: '1 234 567.89', kept: '1234567.89' });
  });

  it('shows the trailing zeros of a decimal string; the engine drops them from its value', () => {
    expect(run({ kind: 'number' }, '1250.50')).toEqual({ shown: '1 250.50', kept: '1250.5' });
  });

  it('adds prefix and suffix and honours another separator', () => {
    expect(run({ kind: 'number', prefix: '$ ', suffix: ' USD', thousandsSeparator: ',' }, '12345')).toEqual({
      shown: '$ 12,345 USD',
      kept: '12345',
    });
  });

  it('keeps whole numbers when scale is 0 and refuses letters', () => {
    expect(run({ kind: 'number', scale: 0 }, '12a3.5')).toEqual({ shown: '1 235', kept: '1235' });
  });

  it('numeric mask accepts digits and a single dot only', () => {
    expect(run({ kind: 'numeric' }, '1a2.3.4')).toEqual({ shown: '12.34', kept: '12.34' });
  });

  it('pattern mask keeps the literal prefix out of the value', () => {
    expect(run({ kind: 'pattern', pattern: '0000 0000 0000 0000' }, '4242424242424242').shown).toBe(
      '4242 4242 4242 4242',
    );
    expect(run({ kind: 'pattern', pattern: '000-000', prefix: 'A0 ' }, '123456')).toEqual({
      shown: 'A0 123-456',
      kept: '123456',
    });
  });

  it('escapes IMask definition characters in prefixes', () => {
    expect(escapePatternText('a0*{}')).toBe('\\a\\0\\*\\{\\}');
  });
});

describe('sameUnmasked', () => {
  it('treats decimal strings that differ only by trailing zeros as the same for number masks', () => {
    expect(sameUnmasked({ kind: 'number' }, '1250.5', '1250.50')).toBe(true);
    expect(sameUnmasked({ kind: 'number' }, '1250', '1250.00')).toBe(true);
    expect(sameUnmasked({ kind: 'number' }, '1250.5', '1250.05')).toBe(false);
    expect(sameUnmasked({ kind: 'pattern', pattern: '000' }, '1', '1.0')).toBe(false);
  });
});
