import { RATES_STALE_AFTER_DAYS } from './rates.messages.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec section 4, "Rate staleness": an update is needed when the rates' created_at is earlier than
 * 15 days before now. Days are exact 24-hour periods, so a set is fresh for 15 × 24 hours to the
 * millisecond, whatever the viewer's time zone. With no (or an unreadable) date there is nothing to
 * judge, and the caller shows its own empty state instead.
 */
export function isRateUpdateNeeded(
  createdAt: string | Date | null | undefined,
  now: Date = new Date(),
): boolean {
  if (createdAt === null || createdAt === undefined) return false;
  const created = createdAt instanceof Date ? createdAt.getTime() : Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return created < now.getTime() - RATES_STALE_AFTER_DAYS * DAY_MS;
}
