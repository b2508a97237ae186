import { maxValueMessage, minValueMessage } from '@app/shared/validation/messages';

/**
 * Masks for the text input (spec 2.6 and 9): prefix, suffix, a thousand separator that defaults to a
 * space and a dot as the decimal marker. The widget emits the unmasked value: for numbers a plain
 * decimal string such as "1234.5", never a float.
 *
 * A mask shapes what is typed; it never drops what the person meant. A decimal comma is read as the
 * dot ("1,17" is 1.17, not 117), and a minus sign or a value past a bound is kept, so the field can
 * say 'Minimum value 0' (`boundsMessage`) instead of quietly turning -5 into 5.
 */
export type TextMask =
  /** A formatted number: `$ 1 234.50 USD`. */
  | {
      kind: 'number';
      prefix?: string;
      suffix?: string;
      /** @default ' ' */
      thousandsSeparator?: string;
      /** Digits after the dot; 0 for whole numbers. @default 2 */
      scale?: number;
      /** Checked, not enforced: a smaller value stays and is shown with 'Minimum value {min}'. */
      min?: number;
      /** Checked, not enforced: a larger value stays and is shown with 'Maximum value {max}'. */
      max?: number;
    }
  /**
   * Digits and at most one dot (a comma counts as the dot), nothing else and no formatting (rates);
   * a leading minus is kept for the validation to refuse.
   */
  | { kind: 'numeric'; prefix?: string; suffix?: string }
  /**
   * An IMask pattern: `0` a digit, `a` a letter, `*` anything, `[]` optional, `{}` kept in the
   * unmasked value. Example: card number `0000 0000 0000 0000`.
   */
  | { kind: 'pattern'; pattern: string; prefix?: string; suffix?: string; lazy?: boolean };

// Characters with a meaning in IMask patterns; a prefix or suffix must escape them to stay literal.
const PATTERN_SPECIAL = /[0a*[\]{}`\\]/g;
export const escapePatternText = (text: string): string => text.replace(PATTERN_SPECIAL, (c) => `\\${c}`);

/** Options for react-imask's IMaskInput (passed straight through). */
export type ImaskOptions = Record<string, unknown>;

export function toImaskOptions(mask: TextMask): ImaskOptions {
  const prefix = escapePatternText(mask.prefix ?? '');
  const suffix = escapePatternText(mask.suffix ?? '');
  switch (mask.kind) {
    case 'number':
      return {
        mask: `${prefix}num${suffix}`,
        // eager: the suffix appears as soon as a digit is typed, not only when the block is full.
        lazy: true,
        eager: true,
        blocks: {
          num: {
            mask: Number,
            thousandsSeparator: mask.thousandsSeparator ?? ' ',
            radix: '.',
            // a decimal comma is the dot, unless the comma groups thousands here
            mapToRadix: (mask.thousandsSeparator ?? ' ') === ',' ? [] : [','],
            scale: mask.scale ?? 2,
            normalizeZeros: false,
            padFractionalZeros: false,
            // bounds are judged by boundsMessage, not by refusing keys
            min: Number.MIN_SAFE_INTEGER,
            max: Number.MAX_SAFE_INTEGER,
          },
        },
      };
    case 'numeric':
      return {
        mask: `${prefix}num${suffix}`,
        // eager: the suffix appears as soon as a digit is typed, not only when the block is full.
        lazy: true,
        eager: true,
        blocks: { num: { mask: /^-?\d*\.?\d*$/, prepareChar: commaAsDot } },
      };
    case 'pattern':
      return { mask: `${prefix}${mask.pattern}${suffix}`, lazy: mask.lazy ?? true };
  }
}

/** IMask's prepareChar: a typed or pasted decimal comma is the dot. */
const commaAsDot = (chars: string): string => chars.replace(/,/g, '.');

/**
 * The bound a number mask's value breaks, worded as spec section 5 words it; null when it keeps
 * them or is not a number yet ('' or a lone '-').
 */
export function boundsMessage(mask: TextMask, value: string): string | null {
  if (mask.kind !== 'number' || !/^-?\d+(\.\d+)?$/.test(value)) return null;
  const n = Number(value);
  if (mask.min !== undefined && n < mask.min) return minValueMessage(mask.min);
  if (mask.max !== undefined && n > mask.max) return maxValueMessage(mask.max);
  return null;
}

const trimZeros = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/**
 * IMask's number value drops trailing zeros ("1250.50" reads back as "1250.5"). Both are the same
 * decimal, so the widget does not report a change and the form keeps the API's string.
 */
export function sameUnmasked(mask: TextMask, a: string, b: string): boolean {
  if (a === b) return true;
  return mask.kind === 'number' && trimZeros(a) === trimZeros(b);
}
