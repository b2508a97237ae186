/**
 * Readers of a list's URL filters (`state.filters.<key>`) for the API query: a value the API would
 * refuse (a hand-edited URL) reads as undefined, so the page leaves it out rather than sends it.
 */

const ID = /^[1-9]\d{0,9}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One of a value list's values. */
export function oneOf<T extends string>(values: readonly T[], raw: string | undefined): T | undefined {
  return raw !== undefined && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/** A record id: a positive whole number that fits the database's integer. */
export const idOf = (raw: string | undefined): number | undefined =>
  raw && ID.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : undefined;

/** A day, `YYYY-MM-DD`, that is on the calendar (`2026-02-31` is not: the API would refuse it). */
export const dayOf = (raw: string | undefined): string | undefined =>
  raw && DAY.test(raw) && onCalendar(raw) ? raw : undefined;

/** `2026-02-31` parses as 3 March (or not at all for month 13): the day must come back unchanged. */
function onCalendar(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}
