import { Decimal } from 'decimal.js';
import {
  MESSAGES,
  maxDateMessage,
  maxLengthMessage,
  maxValueMessage,
  minDateMessage,
  minLengthMessage,
  minValueMessage,
} from './messages.ts';

/** The built-in mail check of spec section 5: whole address at most 254, local part at most 64. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

// Dot-atom local part and a dotted host name of LDH labels, each at most 63 characters.
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isValidEmail(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH) return false;
  return EMAIL_LOCAL.test(local) && EMAIL_DOMAIN.test(domain);
}

/** Card numbers may be typed with spaces or dashes; these are dropped before the check. */
export const normalizeCardNumber = (value: string): string => value.replace(/[\s-]/g, '');

/** Luhn checksum over 12 to 19 digits. */
export function isValidCardNumber(value: string): boolean {
  const digits = normalizeCardNumber(value);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// Letter checks allow the separators people write inside names (space, hyphen, apostrophe).
export const RUSSIAN_LETTERS = /^[А-Яа-яЁё\s'-]*$/;
export const ENGLISH_LETTERS = /^[A-Za-z\s'-]*$/;
export const NUMBERS_ONLY = /^\d*$/;
export const LETTERS_ONLY = /^[\p{L}\s'-]*$/u;

export const isRussianLetters = (value: string): boolean => RUSSIAN_LETTERS.test(value);
export const isEnglishLetters = (value: string): boolean => ENGLISH_LETTERS.test(value);
export const isNumbersOnly = (value: string): boolean => NUMBERS_ONLY.test(value);
export const isLettersOnly = (value: string): boolean => LETTERS_ONLY.test(value);

export const passwordsMatch = (password: string, confirmation: string): boolean => password === confirmation;

/**
 * Whether text can be stored and shown as it was typed: no control characters (Unicode Cc: the C0
 * range, DEL and the C1 range; PostgreSQL cannot store NUL at all) and no lone UTF-16 surrogate
 * (it cannot be written as UTF-8). Multi-line text (notes, addresses) may hold tab, line feed and
 * carriage return.
 */
export function isCleanText(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (multiline && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return false;
    }
    if (c >= 0x7f && c <= 0x9f) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++; // the pair is one character
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/**
 * A whole number written plainly: optional minus, digits, no leading zero, nothing else. Refuses
 * what `Number()` would quietly accept ('0x10', '00001', '1e1', '1.0', '+5', ' 5', '').
 */
export const PLAIN_INTEGER = /^-?(0|[1-9]\d*)$/;
export const isPlainInteger = (value: string): boolean => PLAIN_INTEGER.test(value);

/** A value counts as empty for "Required field" when it holds nothing a person typed or picked. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/* Validators that answer with the spec message or null; usable without zod (widgets, forms). */

export type Validator<T = unknown> = (value: T) => string | null;

const required: Validator = (value) => (isEmptyValue(value) ? MESSAGES.required : null);

const minLength =
  (n: number): Validator<string | null | undefined> =>
  (value) =>
    value && value.length < n ? minLengthMessage(n) : null;

const maxLength =
  (n: number): Validator<string | null | undefined> =>
  (value) =>
    value && value.length > n ? maxLengthMessage(n) : null;

function toDecimal(value: number | string): Decimal | null {
  try {
    const d = new Decimal(typeof value === 'string' ? value.trim() : value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Exact comparison (decimal.js) so money bounds are never compared as floats. */
const minValue =
  (n: number | string): Validator<number | string | null | undefined> =>
  (value) => {
    if (value === null || value === undefined || value === '') return null;
    const d = toDecimal(value);
    if (!d) return MESSAGES.invalidValue;
    return d.lessThan(new Decimal(n)) ? minValueMessage(n) : null;
  };

const maxValue =
  (n: number | string): Validator<number | string | null | undefined> =>
  (value) => {
    if (value === null || value === undefined || value === '') return null;
    const d = toDecimal(value);
    if (!d) return MESSAGES.invalidValue;
    return d.greaterThan(new Decimal(n)) ? maxValueMessage(n) : null;
  };

const email: Validator<string | null | undefined> = (value) =>
  value && !isValidEmail(value) ? MESSAGES.invalidEmail : null;

const cardNumber: Validator<string | null | undefined> = (value) =>
  value && !isValidCardNumber(value) ? MESSAGES.invalidCard : null;

const onlyRussian: Validator<string | null | undefined> = (value) =>
  value && !isRussianLetters(value) ? MESSAGES.onlyRussian : null;
const onlyEnglish: Validator<string | null | undefined> = (value) =>
  value && !isEnglishLetters(value) ? MESSAGES.onlyEnglish : null;
const onlyNumbers: Validator<string | null | undefined> = (value) =>
  value && !isNumbersOnly(value) ? MESSAGES.onlyNumbers : null;
const onlyLetters: Validator<string | null | undefined> = (value) =>
  value && !isLettersOnly(value) ? MESSAGES.onlyLetters : null;

const pattern =
  (re: RegExp): Validator<string | null | undefined> =>
  (value) =>
    value && !re.test(value) ? MESSAGES.invalidValue : null;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD` (rejects 2024-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** `YYYY-MM-DD` strings compare correctly as text; the messages show dd/MM/yyyy. */
const minDate =
  (min: string): Validator<string | null | undefined> =>
  (value) =>
    value && isIsoDate(value) && value < min ? minDateMessage(min) : null;

const maxDate =
  (max: string): Validator<string | null | undefined> =>
  (value) =>
    value && isIsoDate(value) && value > max ? maxDateMessage(max) : null;

const date: Validator<string | null | undefined> = (value) =>
  value && !isIsoDate(value) ? MESSAGES.invalidDate : null;

const passwordsSame =
  (password: string | null | undefined): Validator<string | null | undefined> =>
  (confirmation) =>
    (confirmation ?? '') !== (password ?? '') ? MESSAGES.passwordsMismatch : null;

/**
 * Validators answering with the spec message or null, for places without zod (widgets, ad-hoc
 * checks). Empty values pass every rule except `required`.
 */
export const fieldValidators = {
  required,
  minLength,
  maxLength,
  minValue,
  maxValue,
  email,
  cardNumber,
  onlyRussian,
  onlyEnglish,
  onlyNumbers,
  onlyLetters,
  pattern,
  minDate,
  maxDate,
  date,
  passwordsSame,
} as const;

/** Runs validators in order and answers with the first message. */
export function firstError<T>(value: T, validators: ReadonlyArray<Validator<T>>): string | null {
  for (const v of validators) {
    const message = v(value);
    if (message) return message;
  }
  return null;
}

/** "Should be unique": true when every value (after `key`) appears once. */
export function allUnique<T>(values: readonly T[], key: (v: T) => unknown = (v) => v): boolean {
  const seen = new Set<unknown>();
  for (const v of values) {
    const k = key(v);
    if (seen.has(k)) return false;
    seen.add(k);
  }
  return true;
}
