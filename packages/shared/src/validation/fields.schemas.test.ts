import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cardNumberField,
  dateField,
  decimalField,
  emailField,
  enumField,
  idField,
  MAX_INT,
  numberField,
  optionalEmailField,
  optionalString,
  passwordField,
  passwordsMustMatch,
  queryIdField,
  queryIntField,
  requiredString,
  searchField,
  secretField,
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

describe('text hardening', () => {
  it('refuses NUL and other control characters in any text field', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001by', 'del\u007f', 'c1\u0085', 'lone\ud800', '\udc00x']) {
      expect(messageOf(requiredString(50), bad)).toBe('Invalid field value');
      expect(messageOf(optionalString(50), bad)).toBe('Invalid field value');
    }
  });

  it('allows tab and line breaks only in multi-line text', () => {
    expect(messageOf(optionalString(50), 'line 1\nline 2')).toBe('Invalid field value');
    expect(messageOf(optionalString(50), 'a\tb')).toBe('Invalid field value');
    expect(optionalString(50, { multiline: true }).parse('line 1\r\nline 2\tend')).toBe(
      'line 1\r\nline 2\tend',
    );
    expect(messageOf(optionalString(50, { multiline: true }), 'a\u0000b')).toBe('Invalid field value');
    // Surrogate pairs (emoji) are ordinary characters.
    expect(requiredString(50).parse('Café 😀')).toBe('Café 😀');
  });

  it('answers one message for a refused value', () => {
    const r = requiredString(3, { min: 2 }).safeParse('\u0000\u0000\u0000\u0000');
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Invalid field value']);
  });

  it('checks passwords and search text too, without trimming them', () => {
    expect(messageOf(passwordField(), 'abcdefghij\u0000')).toBe('Invalid field value');
    expect(messageOf(passwordField(), '')).toBe('Required field');
    expect(messageOf(passwordField(), 'short')).toBe('Minimum 10 characters');
    expect(secretField().parse(' spaced ')).toBe(' spaced ');
    expect(messageOf(secretField(), '')).toBe('Required field');
    expect(messageOf(secretField(128, { required: false }), '')).toBeNull();
    expect(messageOf(searchField(), 'a\u0000')).toBe('Invalid field value');
    expect(messageOf(searchField(), 'x'.repeat(201))).toBe('Maximum 200 characters');
    expect(searchField().parse(' Smith')).toBe(' Smith');
  });
});

describe('whole numbers', () => {
  it('bounds integer fields to a PostgreSQL integer unless told otherwise', () => {
    expect(messageOf(numberField({ int: true }), 2_147_483_648)).toBe('Maximum value 2147483647');
    expect(messageOf(numberField({ int: true }), -2_147_483_649)).toBe('Minimum value -2147483648');
    expect(messageOf(numberField({ int: true, min: 0 }), '-5')).toBe('Minimum value 0');
    expect(numberField({ int: true, min: 0 }).parse('7')).toBe(7);
  });

  it('takes body ids from 1 to MAX_INT', () => {
    expect(idField().parse(MAX_INT)).toBe(MAX_INT);
    expect(messageOf(idField(), MAX_INT + 1)).toBe('Maximum value 2147483647');
    expect(messageOf(idField(), 99_999_999_999)).toBe('Maximum value 2147483647');
    expect(messageOf(idField(), 0)).toBe('Minimum value 1');
    expect(messageOf(idField(), 1.5)).toBe('Invalid field value');
    expect(messageOf(idField(), '5')).toBe('Invalid field value');
    expect(messageOf(idField(), undefined)).toBe('Required field');
  });

  it('reads query and path numbers only when written plainly', () => {
    const id = queryIdField();
    expect(id.parse('5')).toBe(5);
    expect(id.parse('2147483647')).toBe(2_147_483_647);
    for (const loose of ['0x10', '00001', '1e1', '1.0', '+5', ' 5', '5 ', '', '1_000', 'Infinity', '٣']) {
      expect(messageOf(id, loose), loose).toBe('Invalid field value');
    }
    expect(messageOf(id, '0')).toBe('Minimum value 1');
    expect(messageOf(id, '-1')).toBe('Minimum value 1');
    expect(messageOf(id, '2147483648')).toBe('Maximum value 2147483647');
    expect(messageOf(id, '99999999999')).toBe('Maximum value 2147483647');
    expect(messageOf(id, '9'.repeat(400))).toBe('Maximum value 2147483647');
    expect(messageOf(id, ['1', '2'])).toBe('Invalid field value');
    const offset = queryIntField(0, 100).default(0);
    expect(offset.parse(undefined)).toBe(0);
    expect(offset.parse('0')).toBe(0);
    expect(messageOf(offset, '-5')).toBe('Minimum value 0');
    expect(messageOf(offset, '010')).toBe('Invalid field value');
  });
});

describe('decimal commas', () => {
  it('refuses "1,17" with its own message instead of reading 117', () => {
    expect(messageOf(decimalField(), '1,17')).toBe('Use a point as the decimal separator, for example 1.17');
    expect(messageOf(decimalField(), '1.17')).toBeNull();
    expect(messageOf(decimalField(), '1,234.5')).toBe('Invalid field value');
    expect(messageOf(decimalField({ min: 0 }), '-5')).toBe('Minimum value 0');
  });
});

describe('numbers past the safe range', () => {
  it('read Maximum value first', () => {
    expect(messageOf(idField(), 1e20)).toBe('Maximum value 2147483647');
    expect(messageOf(numberField({ int: true }), 1e20)).toBe('Maximum value 2147483647');
  });
});
