import { formatDisplayDate, isIsoDate } from '@app/shared';

/** A calendar day as `YYYY-MM-DD`: what the widgets take and give, and what the API speaks. */
export type IsoDay = string;

export const RANGE_SEPARATOR = ' - ';

const DISPLAY = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/** Reads DD/MM/YYYY (one-digit day and month allowed); null when it is not a real day. */
export function parseDisplayDate(text: string): IsoDay | null {
  const m = DISPLAY.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

export const formatDisplay = (iso: IsoDay | null | undefined): string => (iso ? formatDisplayDate(iso) : '');

export type ParsedRange =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'range'; start: IsoDay; end: IsoDay };

/** Reads "DD/MM/YYYY - DD/MM/YYYY"; a single date means a one-day range. */
export function parseDisplayRange(text: string): ParsedRange {
  if (text.trim() === '') return { kind: 'empty' };
  const parts = text.split(/\s+-\s+|\s*–\s*/);
  if (parts.length > 2) return { kind: 'invalid' };
  const start = parseDisplayDate(parts[0] ?? '');
  const end = parts.length === 2 ? parseDisplayDate(parts[1] ?? '') : start;
  if (!start || !end) return { kind: 'invalid' };
  return { kind: 'range', start, end };
}

export function formatDisplayRange(
  range: readonly [IsoDay | null, IsoDay | null] | null | undefined,
): string {
  const [start, end] = range ?? [null, null];
  if (!start) return '';
  return end ? `${formatDisplay(start)}${RANGE_SEPARATOR}${formatDisplay(end)}` : formatDisplay(start);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The local calendar day of a Date. */
export const toIsoDay = (d: Date): IsoDay =>
  `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const todayIso = (now: Date = new Date()): IsoDay => toIsoDay(now);

// Day arithmetic runs in UTC so a daylight-saving change never adds or loses a day.
const utc = (iso: IsoDay) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

export function addDays(iso: IsoDay, days: number): IsoDay {
  const d = new Date(utc(iso) + days * 86_400_000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export const diffDays = (a: IsoDay, b: IsoDay): number => Math.round((utc(b) - utc(a)) / 86_400_000);

/** 0 = Sunday ... 6 = Saturday. */
export const dayOfWeek = (iso: IsoDay): number => new Date(utc(iso)).getUTCDay();

export const sameMonth = (a: IsoDay, b: IsoDay): boolean => a.slice(0, 7) === b.slice(0, 7);

export const startOfMonth = (iso: IsoDay): IsoDay => `${iso.slice(0, 7)}-01`;

export function addMonths(iso: IsoDay, months: number): IsoDay {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return `${pad(year, 4)}-${pad(month + 1)}-01`;
}
