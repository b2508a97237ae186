import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  INPUT_MESSAGES,
  MESSAGES,
  maxDateMessage,
  maxLengthMessage,
  maxValueMessage,
  minDateMessage,
  minLengthMessage,
  minValueMessage,
} from './messages.ts';
import {
  allUnique,
  ENGLISH_LETTERS,
  isCleanText,
  isIsoDate,
  isPlainInteger,
  isValidCardNumber,
  isValidEmail,
  LETTERS_ONLY,
  NUMBERS_ONLY,
  normalizeCardNumber,
  RUSSIAN_LETTERS,
} from './validators.ts';

/**
 * Reusable zod fields that answer with the exact spec messages (section 5). Used by the server's
 * request schemas and, through @hookform/resolvers, by the web forms.
 */

/** A missing or null value reads 'Required field'; a value of the wrong type 'Invalid field value'. */
export const typeError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.invalidValue;

/**
 * The largest PostgreSQL `integer`. Ids, versions and other whole numbers are bounded by it in the
 * contracts, so a larger one is refused with 'Maximum value 2147483647' and never reaches SQL.
 */
export const MAX_INT = 2_147_483_647;

export type Charset = 'russian' | 'english' | 'numbers' | 'letters';
const CHARSETS: Record<Charset, { re: RegExp; message: string }> = {
  russian: { re: RUSSIAN_LETTERS, message: MESSAGES.onlyRussian },
  english: { re: ENGLISH_LETTERS, message: MESSAGES.onlyEnglish },
  numbers: { re: NUMBERS_ONLY, message: MESSAGES.onlyNumbers },
  letters: { re: LETTERS_ONLY, message: MESSAGES.onlyLetters },
};

export interface TextFieldOptions {
  min?: number;
  max?: number;
  charset?: Charset;
  /** Any other pattern; a mismatch reads 'Invalid field value'. */
  pattern?: RegExp;
  /** Notes and addresses: tab and line breaks are allowed (other control characters never are). */
  multiline?: boolean;
}

/** Text a person typed: control characters (NUL above all) read 'Invalid field value'. */
const cleanText = (multiline = false) =>
  z
    .string({ error: typeError })
    .refine((v) => isCleanText(v, multiline), { message: MESSAGES.invalidValue, abort: true });

function text(options: TextFieldOptions, requiredField: boolean) {
  let s = cleanText(options.multiline).trim();
  if (requiredField) s = s.min(1, MESSAGES.required);
  if (options.min !== undefined) {
    const min = options.min;
    // An empty optional value is allowed; the length rule applies once something is typed.
    s = s.refine((v) => v.length === 0 || v.length >= min, minLengthMessage(min));
  }
  if (options.max !== undefined) s = s.max(options.max, maxLengthMessage(options.max));
  if (options.charset) {
    const { re, message } = CHARSETS[options.charset];
    s = s.regex(re, message);
  }
  if (options.pattern) {
    const re = options.pattern;
    s = s.refine((v) => v.length === 0 || re.test(v), MESSAGES.invalidValue);
  }
  return s;
}

/** A trimmed, non-empty string. */
export const requiredString = (max?: number, options: Omit<TextFieldOptions, 'max'> = {}) =>
  text({ ...options, max }, true);

/** A trimmed string that may be empty or absent. */
export const optionalString = (max?: number, options: Omit<TextFieldOptions, 'max'> = {}) =>
  text({ ...options, max }, false).optional();

/** Emails are compared case-insensitively, so they are stored lower-cased. */
export const emailField = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, MESSAGES.required)
    .refine(isValidEmail, MESSAGES.invalidEmail)
    .transform((v) => v.toLowerCase());

/** Empty or absent is allowed; anything typed must be a valid address. */
export const optionalEmailField = () =>
  z
    .string({ error: typeError })
    .trim()
    .refine((v) => v.length === 0 || isValidEmail(v), MESSAGES.invalidEmail)
    .transform((v) => v.toLowerCase())
    .optional();

/** Accepts spaces or dashes between groups; yields digits only. */
export const cardNumberField = () =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, MESSAGES.required)
    .refine(isValidCardNumber, MESSAGES.invalidCard)
    .transform(normalizeCardNumber);

export const passwordField = (min = 10, max = 128) =>
  cleanText()
    .min(1, MESSAGES.required)
    .refine((v) => v.length === 0 || v.length >= min, minLengthMessage(min))
    .max(max, maxLengthMessage(max));

/**
 * A password or token as typed, never trimmed, checked only for length: signing in with the
 * current password, which may predate today's rules. `required` adds 'Required field'.
 */
export const secretField = (max = 128, { required = true }: { required?: boolean } = {}) => {
  const s = cleanText().max(max, maxLengthMessage(max));
  return required ? s.min(1, MESSAGES.required) : s;
};

/**
 * Adds 'Passwords must be same' on `confirmField` when it differs from `passwordField`.
 * Use as `schema.superRefine(passwordsMustMatch('password', 'password_confirm'))`.
 */
export const passwordsMustMatch =
  <K extends string>(passwordKey: K, confirmKey: K) =>
  (value: Record<K, unknown>, ctx: z.RefinementCtx) => {
    if (value[passwordKey] !== value[confirmKey]) {
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: MESSAGES.passwordsMismatch });
    }
  };

export interface NumberFieldOptions {
  min?: number;
  max?: number;
  /** Whole numbers are bounded to a PostgreSQL `integer` unless tighter bounds are given. */
  int?: boolean;
}

/** A number that may arrive as a numeric string (form inputs, query strings). */
export const numberField = (options: NumberFieldOptions = {}) => {
  let n = z.number({ error: typeError });
  const min = options.min ?? (options.int ? -MAX_INT - 1 : undefined);
  const max = options.max ?? (options.int ? MAX_INT : undefined);
  // Bounds first: 1e20 reads 'Maximum value …' before zod's safe-integer check says anything.
  if (min !== undefined) n = n.min(min, minValueMessage(min));
  if (max !== undefined) n = n.max(max, maxValueMessage(max));
  if (options.int) n = n.int(MESSAGES.invalidValue);
  return z.preprocess((v) => {
    if (v === '' || v === null) return undefined;
    if (typeof v === 'string') {
      const t = v.trim();
      return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
    }
    return v;
  }, n);
};

export interface DecimalFieldOptions {
  min?: string | number;
  max?: string | number;
  /** Most digits after the dot. */
  scale?: number;
}

/** A decimal typed with a comma ('1,17'), which must not be read as 117. */
export const DECIMAL_COMMA = /^-?\d+,\d+$/;

/** Money and rates: a decimal string checked with decimal.js, never a float. */
export const decimalField = (options: DecimalFieldOptions = {}) => {
  const scale = options.scale ?? 8;
  const re = new RegExp(`^-?\\d{1,12}(\\.\\d{1,${scale}})?$`);
  return z
    .union([z.string(), z.number()], { error: typeError })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(
      z
        .string()
        .min(1, MESSAGES.required)
        .superRefine((v, ctx) => {
          // zod keeps running checks after a failed one; bounds only make sense for a decimal.
          if (v.length === 0) return;
          if (!re.test(v)) {
            const message = DECIMAL_COMMA.test(v) ? INPUT_MESSAGES.decimalComma : MESSAGES.invalidValue;
            ctx.addIssue({ code: 'custom', message });
            return;
          }
          const d = new Decimal(v);
          if (options.min !== undefined && d.lessThan(new Decimal(options.min))) {
            ctx.addIssue({ code: 'custom', message: minValueMessage(options.min) });
          }
          if (options.max !== undefined && d.greaterThan(new Decimal(options.max))) {
            ctx.addIssue({ code: 'custom', message: maxValueMessage(options.max) });
          }
        }),
    );
};

export interface DateFieldOptions {
  /** `YYYY-MM-DD`, inclusive. */
  min?: string;
  max?: string;
}

/** A calendar day as `YYYY-MM-DD`. */
export const dateField = (options: DateFieldOptions = {}) =>
  z
    .string({ error: typeError })
    .min(1, MESSAGES.required)
    .refine(isIsoDate, MESSAGES.invalidDate)
    .superRefine((v, ctx) => {
      if (!isIsoDate(v)) return;
      if (options.min && v < options.min)
        ctx.addIssue({ code: 'custom', message: minDateMessage(options.min) });
      if (options.max && v > options.max)
        ctx.addIssue({ code: 'custom', message: maxDateMessage(options.max) });
    });

/** Any count of digits reads 'Maximum value …' (not 'Invalid field value' for an unsafe integer). */
const plainIntegerValue = (v: string): number =>
  Math.max(Math.min(Number(v), Number.MAX_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);

/** A record id in a JSON body: a whole number from 1 to MAX_INT. */
export const idField = () =>
  z
    .number({ error: typeError })
    .min(1, minValueMessage(1))
    .max(MAX_INT, maxValueMessage(MAX_INT))
    .int(MESSAGES.invalidValue);

/**
 * A whole number from the query string or the path, written plainly: '0x10', '00001', '1e1',
 * '1.0', '+5' and ' 5' read 'Invalid field value' (rather than being taken for 16, 1, 10, 1, 5
 * and 5), and the bounds answer 'Minimum value {min}' / 'Maximum value {max}'.
 */
export const queryIntField = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && isPlainInteger(v) ? plainIntegerValue(v) : v),
    z
      .number({ error: typeError })
      .int(MESSAGES.invalidValue)
      .min(min, minValueMessage(min))
      .max(max, maxValueMessage(max)),
  );

/** A record id in the path or the query string (see queryIntField). */
export const queryIdField = () => queryIntField(1, MAX_INT);

/** Search text of a list: at most `max` characters and no control characters; not trimmed here. */
export const searchField = (max = 200) => cleanText().max(max, maxLengthMessage(max));

/** A list whose items (after `key`) must be distinct: 'Should be unique'. */
export const uniqueArray = <T extends z.ZodType>(item: T, key?: (v: z.output<T>) => unknown) =>
  z.array(item).refine((values) => allUnique(values, key), MESSAGES.unique);

/** A value from a fixed list; anything else reads 'Invalid field value'. */
export const enumField = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: typeError });
