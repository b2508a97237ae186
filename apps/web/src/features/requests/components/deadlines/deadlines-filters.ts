import { DEADLINE_ORDERINGS, type DeadlineListQuery } from '@app/shared/requests/requests.schemas';
import { addDays, todayIso } from '../../../../ui/dates/date-format.ts';
import { idOf } from '../../../../ui/list/filter-values.ts';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { DeadlineListParams } from '../../api/requests-keys.ts';

type DeadlineOrdering = DeadlineListQuery['ordering'];

/** The soonest first: what is late, then what falls due next. */
export const DEADLINES_DEFAULT_ORDERING: DeadlineOrdering = 'due_date';

/**
 * Which deadlines the list shows (`window` in the URL, absent = `week`):
 * - `overdue`: due before today on a line that is not Canceled (`overdue=true`);
 * - `week` (the default): everything due up to today + 7 days, the overdue ones included, since a
 *   manager chasing payments wants both on one screen (`due_before=today+7`);
 * - `all`: every deadline that is not overdue, today and later (`overdue=false`).
 */
export const DEADLINE_WINDOWS = ['overdue', 'week', 'all'] as const;
export type DeadlineWindow = (typeof DEADLINE_WINDOWS)[number];
export const DEFAULT_DEADLINE_WINDOW: DeadlineWindow = 'week';

export const DEADLINE_WINDOW_OPTIONS: { value: DeadlineWindow; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'week', label: 'Next 7 days' },
  { value: 'all', label: 'All upcoming' },
];

/** Days ahead that count as "due soon" (orange), as on the request's page. */
export const DUE_SOON_DAYS = 7;

/**
 * The deadline payments list in the URL: `window`, `region` (office), `manager` (FO or BO manager
 * of the request), `ordering` (`due_date`, `amount`, each with `-`), `page`, `page_size`.
 */
export const DEADLINES_LIST: ListStateOptions = {
  listPath: '/requests/deadlines',
  filterKeys: ['window', 'region', 'manager'],
  defaultOrdering: DEADLINES_DEFAULT_ORDERING,
};

export function deadlineWindow(state: ListState): DeadlineWindow {
  const raw = state.filters.window;
  return (DEADLINE_WINDOWS as readonly string[]).includes(raw ?? '')
    ? (raw as DeadlineWindow)
    : DEFAULT_DEADLINE_WINDOW;
}

/**
 * GET deadlines/ for the list's state and today's date (YYYY-MM-DD). Values the API would refuse
 * (a hand-edited URL: an unknown window or ordering, an id that is not a number) are left out.
 */
export function deadlinesQuery(state: ListState, today: string = todayIso()): DeadlineListParams {
  const ordering = (DEADLINE_ORDERINGS as readonly string[]).includes(state.ordering ?? '')
    ? (state.ordering as DeadlineOrdering)
    : DEADLINES_DEFAULT_ORDERING;
  const query: DeadlineListParams = {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering,
  };
  const window = deadlineWindow(state);
  if (window === 'overdue') query.overdue = true;
  else if (window === 'all') query.overdue = false;
  else query.due_before = addDays(today, DUE_SOON_DAYS);
  const region = idOf(state.filters.region);
  if (region !== undefined) query.region = region;
  const manager = idOf(state.filters.manager);
  if (manager !== undefined) query.manager = manager;
  return query;
}

export type DeadlineUrgency = 'overdue' | 'soon' | null;

/** Red when the server says overdue, orange when due today or within 7 days on a live line. */
export function deadlineUrgency(
  item: { overdue: boolean; due_date: string; line: { status: string | null } },
  today: string = todayIso(),
): DeadlineUrgency {
  if (item.overdue) return 'overdue';
  if (item.line.status === 'Canceled') return null;
  return item.due_date >= today && item.due_date <= addDays(today, DUE_SOON_DAYS) ? 'soon' : null;
}
