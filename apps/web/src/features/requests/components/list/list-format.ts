import { toDecimal } from '@app/shared/rates/rate-math';

/**
 * `"-1234567.5"` -> `-1 234 567.50 GBP`: grouped with the spec's space separator, two decimals,
 * done on the text so an amount never passes through a float. Unreadable text is shown as given.
 */
export function formatAmount(amount: string | null | undefined, currency?: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = `${fraction}00`.slice(0, 2);
  const zero = /^0*$/.test(whole) && /^0*$/.test(cents);
  return `${zero ? '' : sign}${grouped}.${cents}${currency ? ` ${currency}` : ''}`;
}

/** Whether a decimal string is below zero (a margin shown in red). */
export function isBelowZero(amount: string | null | undefined): boolean {
  const d = toDecimal(amount);
  return d ? d.isNegative() && !d.isZero() : false;
}

/** `2026-05-01` -> `01/05/2026` (spec 2.6); an absent day is a dash. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** A request's dates: `01/05/2026 – 04/05/2026`, one day alone, or a dash. */
export function formatDayRange(from: string | null | undefined, to: string | null | undefined): string {
  if (!from && !to) return '—';
  if (!to || from === to) return formatDay(from ?? to);
  if (!from) return formatDay(to);
  return `${formatDay(from)} – ${formatDay(to)}`;
}
