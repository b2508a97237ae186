import { Dec, toDecimal, toFixedText } from '@app/shared/rates/rate-math';

/**
 * `"-1234567.5"` -> `-1 234 567.50 GBP`: grouped with the spec's space separator, two decimals,
 * done on the text so an amount never passes through a float.
 */
export function formatMoney(amount: string | null | undefined, currency?: string): string {
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

/** `2026-05-01` -> `01/05/2026` (spec 2.6). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** An instant in the viewer's time: `01/05/2026 14:05`. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A line's day with its time when it has one: `01/05/2026 14:05`. */
export function formatDayTime(date: string | null, hour: string | null, minute: string | null): string {
  if (!date) return '—';
  return hour ? `${formatDate(date)} ${hour}:${minute ?? '00'}` : formatDate(date);
}

/** Today as `YYYY-MM-DD` in the viewer's calendar. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `YYYY-MM-DD` plus some days. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

export type DeadlineState = 'overdue' | 'upcoming' | null;

/** Upcoming: due today or within 7 days; overdue: due before today (decision 0009), on a live line. */
export function deadlineState(
  dueDate: string,
  lineStatus: string | null,
  today: string = todayIso(),
): DeadlineState {
  if (lineStatus === 'Canceled') return null;
  if (dueDate < today) return 'overdue';
  if (dueDate <= addDays(today, 7)) return 'upcoming';
  return null;
}
