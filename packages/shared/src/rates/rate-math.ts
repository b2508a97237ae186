import Decimal from 'decimal.js';

/**
 * Exact decimal arithmetic for amounts and rates. A private Decimal constructor keeps the settings
 * (40 significant digits, half-up rounding) from leaking into anyone else's decimal.js.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

/** Decimal places fixed by the spec (section 9). */
export const HELPER_DP = 2;
export const CONVERTER_DP = 4;
export const INVERSE_DP = 4;
/** Rates are stored as NUMERIC(18,6); cross rates are kept to the same precision. */
export const RATE_DP = 6;

// Decimal notation, with an exponent only as large as a JavaScript number's own text can carry
// (so `String(5e-324)` reads the same as the number); no hex, no Infinity. A string like
// '1e999999999' would make toFixed build a billion-character answer.
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?(\d{1,3}))?$/i;
const MAX_EXPONENT = 400;
const MAX_TEXT_LENGTH = 64;

/**
 * Reads a number, a decimal string or a Decimal. Anything that is not a finite number (including
 * an empty string, which JavaScript would quietly treat as 0) gives null.
 */
export function toDecimal(value: unknown): Dec | null {
  if (value instanceof Decimal) return value.isFinite() ? new Dec(value) : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Dec(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = text.length <= MAX_TEXT_LENGTH ? DECIMAL_TEXT.exec(text) : null;
  if (!match || Number(match[3] ?? 0) > MAX_EXPONENT) return null;
  return new Dec(text);
}

/** Fixed-point text without a negative zero ('-0.00' reads as a debt of nothing). */
export function toFixedText(value: Dec, dp: number): string {
  const text = value.toFixed(dp);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/**
 * The conversion helper of spec section 5: amount × multiplier to 2 decimals. A missing
 * multiplier (undefined or null) counts as 1, a multiplier of 0 is kept, and null comes back when
 * either side is not a number.
 */
export function convertAmount(amount: unknown, multiplier?: unknown): string | null {
  const a = toDecimal(amount);
  const m = multiplier === undefined || multiplier === null ? new Dec(1) : toDecimal(multiplier);
  if (a === null || m === null) return null;
  return toFixedText(a.times(m), HELPER_DP);
}

/** amount × rate to the converter's 4 decimals; null when either is not a number. */
export function applyRate(amount: unknown, rate: unknown): string | null {
  const a = toDecimal(amount);
  const r = toDecimal(rate);
  if (a === null || r === null) return null;
  return toFixedText(a.times(r), CONVERTER_DP);
}

/** 1 / rate to 4 decimals, the spec's inverse record; null unless the rate is a positive number. */
export function inverseRate(rate: unknown): string | null {
  const r = toDecimal(rate);
  if (r === null || !r.isPositive() || r.isZero()) return null;
  return toFixedText(new Dec(1).div(r), INVERSE_DP);
}

/** a × b kept to the stored rate precision (6 decimals): a cross rate through a third currency. */
export function crossRate(a: unknown, b: unknown): string | null {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (x === null || y === null) return null;
  return toFixedText(x.times(y), RATE_DP);
}

/** Numeric equality of two decimal texts ('1.27' equals '1.270000'); false if either is not a number. */
export function sameDecimal(a: unknown, b: unknown): boolean {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return x !== null && y !== null && x.equals(y);
}

/** Exact sum of amounts (no float artefacts: '0.1' + '0.2' is '0.3'); null if any is not a number. */
export function sumDecimals(values: readonly unknown[], dp?: number): string | null {
  let total = new Dec(0);
  for (const value of values) {
    const d = toDecimal(value);
    if (d === null) return null;
    total = total.plus(d);
  }
  return dp === undefined ? total.toString() : toFixedText(total, dp);
}
