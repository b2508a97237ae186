/**
 * A task's deadline is an instant on the wire; people pick it as a day, an hour (00-23) and a
 * minute in steps of 5 in their own time zone (the browser's). These turn one into the other.
 */
export interface DeadlineParts {
  /** `YYYY-MM-DD`, or '' for no deadline. */
  date: string;
  /** `00`-`23`, or null. */
  hour: string | null;
  /** `00`, `05`, ... `55`, or null. */
  minute: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant of a local day and time (`2026-12-01`, `09`, `30` in London -> `2026-12-01T09:30:00.000Z`),
 * or null without a day. An absent minute is :00; an absent hour is left to the form to refuse.
 */
export function composeDeadline(date: string, hour: string | null, minute: string | null): string | null {
  const day = DAY.exec(date);
  if (!day) return null;
  const at = new Date(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    Number(hour ?? '0'),
    Number(minute ?? '0'),
    0,
    0,
  );
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The local day, hour and minute of a deadline (a minute off the five-minute grid is rounded down). */
export function splitDeadline(iso: string | null | undefined): DeadlineParts {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return { date: '', hour: null, minute: null };
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    hour: pad(at.getHours()),
    minute: pad(Math.floor(at.getMinutes() / 5) * 5),
  };
}

/** The browser's time zone (`Europe/London`), said beside the deadline so nobody wonders whose 09:00 it is. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  } catch {
    return 'local time';
  }
}
