import { formatDisplayDate } from '@app/shared/validation/messages';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A day as the spec writes it (2.6): `2026-05-01` -> `01/05/2026`. An instant
 * (`2026-05-01T10:00:00Z`) gives its day as written, an absent one a dash.
 */
export function formatDate(iso: string | null | undefined): string {
  return iso ? formatDisplayDate(iso) : '—';
}

/** Two days: `01/05/2026 – 04/05/2026`, one day alone when they are the same or one is absent, or a dash. */
export function formatDateRange(from: string | null | undefined, to: string | null | undefined): string {
  if (!from || !to || from === to) return formatDate(from || to);
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/** An instant in the viewer's time, to the minute: `01/05/2026 14:05`; unreadable text as given. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A day with its hour and minute when it has them: `01/05/2026 14:05` (minute 00 when only the hour is set). */
export function formatDayTime(
  date: string | null | undefined,
  hour: string | null | undefined,
  minute: string | null | undefined,
): string {
  if (!date) return '—';
  return hour ? `${formatDate(date)} ${hour}:${minute ?? '00'}` : formatDate(date);
}
