import { Dec, toDecimal, toFixedText } from '@app/shared/rates/rate-math';

/**
 * `"-1234567.5"` -> `-1 234 567.50 GBP`: grouped with the spec's space separator, two decimals,
 * done on the text so an amount never passes through a float. An absent amount is a dash, a
 * zero has no sign, and text that is not a decimal is shown as given.
 */
export function formatMoney(amount: string | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = `${fraction}00`.slice(0, 2);
  const zero = /^0*$/.test(whole) && /^0*$/.test(cents);
  return `${zero ? '' : sign}${grouped}.${cents}${currency ? ` ${currency}` : ''}`;
}

/** Whether a decimal string is below zero (a margin shown in red); -0.00 is not. */
export function isNegative(amount: string | null | undefined): boolean {
  const d = toDecimal(amount);
  return d ? d.isNegative() && !d.isZero() : false;
}

/** The sum of decimal strings, to 2 places; unreadable entries count as 0. */
export function sumMoney(amounts: readonly (string | null | undefined)[]): string {
  let total = new Dec(0);
  for (const a of amounts) total = total.plus(toDecimal(a) ?? 0);
  return toFixedText(total, 2);
}

/** Whether `a` is greater than `b`, both decimal strings (false when either is unreadable). */
export function moneyGreater(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return x !== null && y !== null && x.greaterThan(y);
}
