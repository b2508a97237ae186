import { addDays, todayIso } from '../../../../ui/dates/date-format.ts';

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
