/**
 * Masks for the text input (spec 2.6 and 9): prefix, suffix, a thousand separator that defaults to a
 * space and a dot as the decimal marker. The widget emits the unmasked value: for numbers a plain
 * decimal string such as "1234.5", never a float.
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
      min?: number;
      max?: number;
      /** Allow a minus sign. @default false */
      signed?: boolean;
    }
  /** Digits and at most one dot, nothing else and no formatting (rates, codes). */
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
            mapToRadix: [],
            scale: mask.scale ?? 2,
            normalizeZeros: false,
            padFractionalZeros: false,
            min: mask.min ?? (mask.signed ? Number.MIN_SAFE_INTEGER : 0),
            max: mask.max ?? Number.MAX_SAFE_INTEGER,
          },
        },
      };
    case 'numeric':
      return {
        mask: `${prefix}num${suffix}`,
        // eager: the suffix appears as soon as a digit is typed, not only when the block is full.
        lazy: true,
        eager: true,
        blocks: { num: { mask: /^\d*\.?\d*$/ } },
      };
    case 'pattern':
      return { mask: `${prefix}${mask.pattern}${suffix}`, lazy: mask.lazy ?? true };
  }
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
