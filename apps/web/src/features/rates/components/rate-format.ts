import { toDecimal, toFixedText } from '@app/shared/rates/rate-math';
import dayjs from 'dayjs';

/** The header's rate date (spec 9): dd/MM/yy. */
export const formatRateDate = (iso: string): string => dayjs(iso).format('DD/MM/YY');

/** Date and time of a set in the history (spec 2.6 date format DD/MM/YYYY). */
export const formatSetDateTime = (iso: string): string => dayjs(iso).format('DD/MM/YYYY HH:mm');

/**
 * Date and time of sets shown together: to the minute, with seconds where two sets share a minute
 * (a renewal right after a save), so no two read the same.
 */
export function setDateTimeLabels(isos: readonly string[]): string[] {
  const minutes = isos.map(formatSetDateTime);
  const seen = new Map<string, number>();
  for (const label of minutes) seen.set(label, (seen.get(label) ?? 0) + 1);
  return isos.map((iso, i) =>
    (seen.get(minutes[i]!) ?? 0) > 1 ? dayjs(iso).format('DD/MM/YYYY HH:mm:ss') : minutes[i]!,
  );
}

/**
 * A stored rate ('1.265000') as people read it: 4 decimals, more only when the rate has them.
 * Text in, text out: no float ever touches the value.
 */
export function formatRate(value: string | null | undefined): string {
  const d = toDecimal(value);
  if (d === null) return '—';
  return d.decimalPlaces() <= 4 ? toFixedText(d, 4) : d.toString();
}

/** Pair values for the dialog's inputs: stored text without the padding zeros ('1.265000' → '1.265'). */
export function inputRate(value: string | undefined): string {
  const d = toDecimal(value);
  return d === null ? '' : d.toString();
}

/**
 * A rate as typed, written as the API takes it. A decimal comma is the dot ('1,17' is 1.17, never
 * 117). The dialog's numeric mask lets a dot start or end the number, so '.5' becomes '0.5' and
 * '1.' becomes '1'; spaces around it go. Anything else is left for the rate checks to judge.
 */
export function normaliseRateInput(value: string): string {
  const text = value.trim().replace(/,/g, '.');
  if (/^\.\d+$/.test(text)) return `0${text}`;
  if (/^\d+\.$/.test(text)) return text.slice(0, -1);
  return text;
}
