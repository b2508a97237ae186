import { formatDateTime } from '../format/format-date.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A message's date in a list: the time for today, the day for another (`14:05`, `03/05/2026`);
 * unreadable text as given.
 */
export function formatMailDate(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const sameDay =
    d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  if (sameDay) return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** The full date in the reader: `03/05/2026 14:05`. */
export const formatMailDateTime = (iso: string): string => formatDateTime(iso);
