import { HELPER_DP, RATE_DP, toDecimal, toFixedText } from '@app/shared/rates/rate-math';

/**
 * A conversion's two sides, computed as the server computes them (decimal.js, never a float): the
 * amount received is amount × rate rounded half-up to cents; a rate derived from both amounts is
 * received ÷ sent to 6 places (`TransferBodySchema`).
 */

/** What `amount` at `rate` gives on the other account; null until both read as positive numbers. */
export function amountReceived(amount: string, rate: string): string | null {
  const a = toDecimal(amount);
  const r = toDecimal(rate);
  if (a === null || r === null || !a.isPositive() || a.isZero() || !r.isPositive() || r.isZero()) return null;
  return toFixedText(a.times(r), HELPER_DP);
}

/** The rate of `received` for `amount`, trailing zeros dropped ('4.5', not '4.500000'). */
export function derivedRate(amount: string, received: string): string | null {
  const a = toDecimal(amount);
  const b = toDecimal(received);
  if (a === null || b === null || !a.isPositive() || a.isZero() || !b.isPositive() || b.isZero()) return null;
  return trimZeros(toFixedText(b.div(a), RATE_DP));
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Which of the two the person typed last; the other follows it. */
export type ConversionDriver = 'rate' | 'to_amount';
