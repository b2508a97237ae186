import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import { boundsMessage, escapePatternText, sameUnmasked, type TextMask, toImaskOptions } from './input-mask';

/** Feeds `typed` through the real IMask engine and returns what the person sees and what is kept. */
function run(mask: TextMask, typed: string, flags?: { input: boolean; raw: boolean }) {
  // The options are built dynamically, so the engine is typed by the few members used here.
  const masked = IMask.createMask(toImaskOptions(mask) as never) as unknown as {
    resolve: (s: string, flags?: { input: boolean; raw: boolean }) => string;
    value: string;
    unmaskedValue: string;
  };
  masked.resolve(typed, flags);
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

  it('reads a decimal comma as the dot, in both number masks', () => {
    expect(run({ kind: 'numeric' }, '1,17')).toEqual({ shown: '1.17', kept: '1.17' });
    // typed (the engine maps a comma on raw input, as the TextInput test types it)
    expect(run({ kind: 'number' }, '1,17', { input: true, raw: true })).toEqual({
      shown: '1.17',
      kept: '1.17',
    });
    // where the comma groups thousands it stays a separator
    expect(run({ kind: 'number', thousandsSeparator: ',' }, '1,234')).toEqual({
      shown: '1,234',
      kept: '1234',
    });
  });

  it('keeps a minus sign and values past the bounds, for the validation to judge', () => {
    expect(run({ kind: 'number', scale: 0, min: 0, max: 365 }, '-5')).toEqual({ shown: '-5', kept: '-5' });
    expect(run({ kind: 'number', scale: 0, min: 0, max: 365 }, '400')).toEqual({ shown: '400', kept: '400' });
    expect(run({ kind: 'numeric' }, '-1.5')).toEqual({ shown: '-1.5', kept: '-1.5' });
    expect(run({ kind: 'numeric' }, '1-5')).toEqual({ shown: '15', kept: '15' });
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

describe('boundsMessage', () => {
  const days: TextMask = { kind: 'number', scale: 0, min: 0, max: 365 };

  it('words a broken bound as spec section 5 does', () => {
    expect(boundsMessage(days, '-5')).toBe('Minimum value 0');
    expect(boundsMessage(days, '366')).toBe('Maximum value 365');
  });

  it('says nothing for a value within bounds, an unfinished one or a mask without bounds', () => {
    expect(boundsMessage(days, '0')).toBeNull();
    expect(boundsMessage(days, '365')).toBeNull();
    expect(boundsMessage(days, '')).toBeNull();
    expect(boundsMessage(days, '-')).toBeNull();
    expect(boundsMessage({ kind: 'number' }, '-5')).toBeNull();
    expect(boundsMessage({ kind: 'numeric' }, '-5')).toBeNull();
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
