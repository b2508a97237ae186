import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cardNumberField,
  dateField,
  decimalField,
  emailField,
  enumField,
  numberField,
  optionalEmailField,
  optionalString,
  passwordField,
  passwordsMustMatch,
  requiredString,
  uniqueArray,
} from './fields.schemas.ts';

/** The first message zod answers for `input`, or null when it passes. */
function messageOf(schema: z.ZodType, input: unknown): string | null {
  const r = schema.safeParse(input);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

describe('requiredString', () => {
  it('answers Required field for missing, null, empty and blank values', () => {
    const s = requiredString(10);
    expect(messageOf(s, undefined)).toBe('Required field');
    expect(messageOf(s, null)).toBe('Required field');
    expect(messageOf(s, '')).toBe('Required field');
    expect(messageOf(s, '   ')).toBe('Required field');
  });

  it('trims and enforces min and max with the filled-in messages', () => {
    const s = requiredString(5, { min: 2 });
    expect(s.parse('  abc ')).toBe('abc');
    expect(messageOf(s, 'a')).toBe('Minimum 2 characters');
    expect(messageOf(s, 'abcdef')).toBe('Maximum 5 characters');
    expect(messageOf(s, 42)).toBe('Invalid field value');
  });

  it('applies a charset with its own message', () => {
    expect(messageOf(requiredString(50, { charset: 'russian' }), 'Ivan')).toBe(
      'Only Russian letters are allowed',
    );
    expect(messageOf(requiredString(50, { charset: 'english' }), 'Иван')).toBe(
      'Only English letters are allowed',
    );
    expect(messageOf(requiredString(50, { charset: 'numbers' }), '12a')).toBe('Only numbers allowed');
    expect(messageOf(requiredString(50, { charset: 'letters' }), 'a1')).toBe('Only letters are allowed');
    expect(messageOf(requiredString(50, { pattern: /^[A-Z]{3}$/ }), 'usd')).toBe('Invalid field value');
  });
});

describe('optionalString', () => {
  it('allows empty or absent but still checks what is typed', () => {
    const s = optionalString(3, { min: 2 });
    expect(messageOf(s, undefined)).toBeNull();
    expect(messageOf(s, '')).toBeNull();
    expect(messageOf(s, 'a')).toBe('Minimum 2 characters');
    expect(messageOf(s, 'abcd')).toBe('Maximum 3 characters');
  });
});

describe('emailField', () => {
  it('checks format and lengths and lower-cases', () => {
    expect(emailField().parse(' Anna@Example.COM ')).toBe('anna@example.com');
    expect(messageOf(emailField(), '')).toBe('Required field');
    expect(messageOf(emailField(), 'anna@')).toBe('Invalid mail format');
    expect(messageOf(emailField(), `${'a'.repeat(65)}@example.com`)).toBe('Invalid mail format');
  });

  it('optional variant allows empty', () => {
    expect(messageOf(optionalEmailField(), '')).toBeNull();
    expect(messageOf(optionalEmailField(), 'x')).toBe('Invalid mail format');
  });
});

describe('cardNumberField', () => {
  it('answers Invalid card number on a failed Luhn check and yields digits only', () => {
    expect(cardNumberField().parse('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(messageOf(cardNumberField(), '4242 4242 4242 4241')).toBe('Invalid card number');
    expect(messageOf(cardNumberField(), '')).toBe('Required field');
  });
});

describe('passwords', () => {
  it('puts Passwords must be same on the confirmation field', () => {
    const schema = z
      .object({ password: passwordField(), password_confirm: z.string() })
      .superRefine(passwordsMustMatch('password', 'password_confirm'));
    const r = schema.safeParse({ password: 'long-enough-1', password_confirm: 'long-enough-2' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['password_confirm'], message: 'Passwords must be same' }),
    ]);
    expect(schema.safeParse({ password: 'long-enough-1', password_confirm: 'long-enough-1' }).success).toBe(
      true,
    );
  });

  it('checks the password length', () => {
    expect(messageOf(passwordField(10), 'short')).toBe('Minimum 10 characters');
    expect(messageOf(passwordField(), '')).toBe('Required field');
  });
});

describe('numberField', () => {
  it('accepts numbers and numeric strings within bounds', () => {
    const s = numberField({ min: 1, max: 10, int: true });
    expect(s.parse('5')).toBe(5);
    expect(messageOf(s, '0')).toBe('Minimum value 1');
    expect(messageOf(s, 11)).toBe('Maximum value 10');
    expect(messageOf(s, '')).toBe('Required field');
    expect(messageOf(s, 'abc')).toBe('Invalid field value');
    expect(messageOf(s, 2.5)).toBe('Invalid field value');
  });
});

describe('decimalField', () => {
  it('keeps the value a decimal string and compares exactly', () => {
    const s = decimalField({ min: '0', max: '1000000', scale: 2 });
    expect(s.parse('1250.50')).toBe('1250.50');
    expect(messageOf(s, '-0.01')).toBe('Minimum value 0');
    expect(messageOf(s, '1000000.01')).toBe('Maximum value 1000000');
    expect(messageOf(s, '1.234')).toBe('Invalid field value');
    expect(messageOf(s, '')).toBe('Required field');
    expect(messageOf(s, undefined)).toBe('Required field');
  });
});

describe('dateField', () => {
  it('answers Invalid date format and dd/MM/yyyy bounds', () => {
    const s = dateField({ min: '2024-01-01', max: '2024-12-31' });
    expect(s.parse('2024-06-15')).toBe('2024-06-15');
    expect(messageOf(s, '15/06/2024')).toBe('Invalid date format');
    expect(messageOf(s, '2024-02-30')).toBe('Invalid date format');
    expect(messageOf(s, '2023-12-31')).toBe('Minimum date: 01/01/2024');
    expect(messageOf(s, '2025-01-01')).toBe('Maximum date: 31/12/2024');
    expect(messageOf(s, '')).toBe('Required field');
  });
});

describe('uniqueArray and enumField', () => {
  it('answers Should be unique for repeated items', () => {
    expect(messageOf(uniqueArray(z.string()), ['a', 'b', 'a'])).toBe('Should be unique');
    expect(
      messageOf(
        uniqueArray(z.object({ id: z.number() }), (x) => x.id),
        [{ id: 1 }, { id: 2 }],
      ),
    ).toBeNull();
  });

  it('answers Invalid field value for an unknown value and Required field when missing', () => {
    const s = enumField(['USD', 'EUR', 'GBP']);
    expect(messageOf(s, 'JPY')).toBe('Invalid field value');
    expect(messageOf(s, undefined)).toBe('Required field');
  });
});
