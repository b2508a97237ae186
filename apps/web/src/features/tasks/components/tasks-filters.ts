import { TASK_ORDERINGS, TASK_SCOPES, type TaskScope } from '@app/shared/tasks/tasks.schemas';
import { TASK_PRIORITIES, TASK_STATUSES } from '@app/shared/value-lists';
import type { TaskListParams, TaskOrdering } from '../../../lib/tasks/tasks-keys.ts';
import { idOf, oneOf } from '../../../ui/list/filter-values.ts';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';

export const TASKS_PATH = '/tasks';

/**
 * The tasks page in the URL: `scope` (mine by default, assigned, all) and `view` (list by default,
 * board) choose what and how; `status`, `priority`, `overdue`, `client`, `request` (what the task
 * is about: a record's tasks panel links here with it) and `search` filter; `ordering` and paging
 * as every list. Scope and view are not filters: "Clear filters" keeps them.
 */
export const TASKS_LIST: ListStateOptions = {
  listPath: TASKS_PATH,
  filterKeys: ['scope', 'view', 'status', 'priority', 'overdue', 'client', 'request'],
  defaultOrdering: 'deadline',
};

/** What "Clear filters" clears. */
export const TASK_FILTER_KEYS = ['status', 'priority', 'overdue', 'client', 'request'] as const;

export const TASK_VIEWS = ['list', 'board'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

/** The board shows this many cards a column; the list pages through the rest. */
export const BOARD_COLUMN_LIMIT = 50;

/** The scope asked: "all" is an Admin's alone (anyone else reading a shared link gets their own). */
export function scopeOf(state: ListState, admin: boolean): TaskScope {
  const scope = oneOf(TASK_SCOPES, state.filters.scope) ?? 'mine';
  return scope === 'all' && !admin ? 'mine' : scope;
}

export const viewOf = (state: ListState): TaskView => oneOf(TASK_VIEWS, state.filters.view) ?? 'list';

/**
 * Whether the person narrowed the list (search or a filter), which "Clear filters" undoes. The
 * board has no status filter (its columns are the statuses), so a status left in the URL does not count.
 */
export function tasksFiltered(state: ListState, board = false): boolean {
  return (
    state.search.trim() !== '' ||
    TASK_FILTER_KEYS.some((key) => state.filters[key] && !(board && key === 'status'))
  );
}

/** What both views send: scope, priority, overdue, the record, search and ordering (values the API would refuse are left out). */
function commonQuery(state: ListState, admin: boolean): TaskListParams {
  const priority = oneOf(TASK_PRIORITIES, state.filters.priority);
  const ordering = oneOf<TaskOrdering>(TASK_ORDERINGS, state.ordering) ?? 'deadline';
  const search = state.search.trim();
  const client = idOf(state.filters.client);
  const request = idOf(state.filters.request);
  return {
    scope: scopeOf(state, admin),
    ordering,
    ...(search ? { search } : {}),
    ...(priority ? { priority } : {}),
    ...(state.filters.overdue === 'true' ? { overdue: true } : {}),
    ...(client ? { client } : {}),
    ...(request ? { request } : {}),
  };
}

/** GET tasks/ for the list view: one page, with the status filter. */
export function tasksQuery(state: ListState, admin: boolean): TaskListParams {
  const status = oneOf(TASK_STATUSES, state.filters.status);
  return {
    ...commonQuery(state, admin),
    ...(status ? { status } : {}),
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
  };
}

/** GET tasks/ for the board: the first cards of every status column (the status filter does not apply). */
export function boardQuery(state: ListState, admin: boolean): Omit<TaskListParams, 'status'> {
  return { ...commonQuery(state, admin), limit: BOARD_COLUMN_LIMIT, offset: 0 };
}
