import { describe, expect, it } from 'vitest';
import {
  allUnique,
  firstError,
  isCleanText,
  isEmptyValue,
  isEnglishLetters,
  isIsoDate,
  isLettersOnly,
  isNumbersOnly,
  isPlainInteger,
  isRussianLetters,
  isValidCardNumber,
  isValidEmail,
  fieldValidators as v,
} from './validators.ts';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('anna.smith+travel@mail.example.co.uk')).toBe(true);
    expect(isValidEmail("o'brien@example.com")).toBe(true);
  });

  it('refuses malformed addresses', () => {
    for (const bad of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a..b@example.com',
      '.a@example.com',
      'a b@x.com',
      'a@-x.com',
      'a@x.c',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('limits the local part to 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('limits the whole address to 254 characters', () => {
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    const local = 'a'.repeat(254 - 1 - domain.length);
    const ok = `${local}@${domain}`;
    expect(ok.length).toBe(254);
    expect(isValidEmail(ok)).toBe(true);
    expect(isValidEmail(`a${ok}`)).toBe(false);
  });
});

describe('isValidCardNumber (Luhn)', () => {
  it('accepts numbers whose checksum is right, with or without separators', () => {
    expect(isValidCardNumber('4242424242424242')).toBe(true);
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('5555-5555-5555-4444')).toBe(true);
    expect(isValidCardNumber('378282246310005')).toBe(true);
  });

  it('refuses a wrong check digit, letters and wrong lengths', () => {
    expect(isValidCardNumber('4242424242424241')).toBe(false);
    expect(isValidCardNumber('4242a24242424242')).toBe(false);
    expect(isValidCardNumber('42424242424')).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
  });
});

describe('letter and number checks', () => {
  it('tells Russian from English letters', () => {
    expect(isRussianLetters('Иван Петров-Ёлкин')).toBe(true);
    expect(isRussianLetters('Ivan')).toBe(false);
    expect(isEnglishLetters("Anne-Marie O'Neil")).toBe(true);
    expect(isEnglishLetters('Анна')).toBe(false);
    expect(isEnglishLetters('Anna1')).toBe(false);
  });

  it('accepts letters of any script but no digits as letters only', () => {
    expect(isLettersOnly('Zoë Иван')).toBe(true);
    expect(isLettersOnly('R2D2')).toBe(false);
  });

  it('accepts digits only as numbers', () => {
    expect(isNumbersOnly('0123')).toBe(true);
    expect(isNumbersOnly('12.5')).toBe(false);
    expect(isNumbersOnly('-1')).toBe(false);
  });
});

describe('isIsoDate', () => {
  it('accepts real days only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('01/02/2024')).toBe(false);
  });
});

describe('fieldValidators', () => {
  it('answers required only for empty values', () => {
    expect(v.required('')).toBe('Required field');
    expect(v.required('  ')).toBe('Required field');
    expect(v.required([])).toBe('Required field');
    expect(v.required(null)).toBe('Required field');
    expect(v.required(0)).toBeNull();
    expect(v.required('x')).toBeNull();
  });

  it('checks lengths with the filled-in messages, leaving empty values to required', () => {
    expect(v.minLength(3)('ab')).toBe('Minimum 3 characters');
    expect(v.minLength(3)('abc')).toBeNull();
    expect(v.minLength(3)('')).toBeNull();
    expect(v.maxLength(2)('abc')).toBe('Maximum 2 characters');
  });

  it('compares values exactly, as decimals', () => {
    expect(v.minValue('0.1')('0.09999999999999999999')).toBe('Minimum value 0.1');
    expect(v.minValue('0.1')('0.1')).toBeNull();
    expect(v.maxValue(100)('100.01')).toBe('Maximum value 100');
    expect(v.maxValue(100)(100)).toBeNull();
    expect(v.maxValue(100)('abc')).toBe('Invalid field value');
  });

  it('checks dates against bounds and writes the bound as dd/MM/yyyy', () => {
    expect(v.minDate('2024-01-10')('2024-01-09')).toBe('Minimum date: 10/01/2024');
    expect(v.minDate('2024-01-10')('2024-01-10')).toBeNull();
    expect(v.maxDate('2024-01-10')('2024-02-01')).toBe('Maximum date: 10/01/2024');
    expect(v.date('2024-02-30')).toBe('Invalid date format');
  });

  it('covers mail, card, charset, pattern and password messages', () => {
    expect(v.email('nope')).toBe('Invalid mail format');
    expect(v.cardNumber('4242424242424241')).toBe('Invalid card number');
    expect(v.onlyRussian('abc')).toBe('Only Russian letters are allowed');
    expect(v.onlyEnglish('абв')).toBe('Only English letters are allowed');
    expect(v.onlyNumbers('1a')).toBe('Only numbers allowed');
    expect(v.onlyLetters('a1')).toBe('Only letters are allowed');
    expect(v.pattern(/^[A-Z]{3}$/)('usd')).toBe('Invalid field value');
    expect(v.passwordsSame('secret-one')('secret-two')).toBe('Passwords must be same');
    expect(v.passwordsSame('secret-one')('secret-one')).toBeNull();
  });

  it('firstError answers with the first failing rule', () => {
    expect(firstError('', [v.required, v.minLength(3)])).toBe('Required field');
    expect(firstError('ab', [v.required, v.minLength(3)])).toBe('Minimum 3 characters');
    expect(firstError('abcd', [v.required, v.minLength(3)])).toBeNull();
  });
});

describe('helpers', () => {
  it('isEmptyValue', () => {
    expect(isEmptyValue(undefined)).toBe(true);
    expect(isEmptyValue(false)).toBe(false);
  });

  it('allUnique compares by key', () => {
    expect(allUnique([1, 2, 3])).toBe(true);
    expect(allUnique([{ id: 1 }, { id: 1 }], (x) => x.id)).toBe(false);
  });
});

describe('isCleanText', () => {
  it('refuses control characters and lone surrogates', () => {
    expect(isCleanText('Hello, мир 😀')).toBe(true);
    expect(isCleanText('')).toBe(true);
    for (const bad of [
      '\u0000',
      'a\u0007',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u009f',
      '\ud83d',
      '\ude00',
      'a\ud83dz',
    ])
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('lets multi-line text keep tab and line breaks, nothing else', () => {
    expect(isCleanText('a\tb\r\nc')).toBe(false);
    expect(isCleanText('a\tb\r\nc', true)).toBe(true);
    expect(isCleanText('a\u0000', true)).toBe(false);
    expect(isCleanText('a\u000b', true)).toBe(false);
  });
});

describe('isPlainInteger', () => {
  it('accepts digits with an optional minus and no leading zero', () => {
    for (const ok of ['0', '7', '-3', '2147483648', '10']) expect(isPlainInteger(ok), ok).toBe(true);
    for (const bad of ['', '-', '00', '01', '0x10', '1e1', '1.0', '+5', ' 5', '5 ', '-0x1', '١'])
      expect(isPlainInteger(bad), bad).toBe(false);
  });
});
