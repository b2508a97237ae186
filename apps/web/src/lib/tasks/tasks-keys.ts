import type { TASK_ORDERINGS, TaskScope } from '@app/shared/tasks/tasks.schemas';
import type { TaskPriority, TaskStatus } from '@app/shared/value-lists';

export type TaskOrdering = (typeof TASK_ORDERINGS)[number];

/** GET tasks/ as the web sends it (TaskListQuerySchema); absent values are left out. */
export interface TaskListParams {
  scope?: TaskScope;
  status?: TaskStatus;
  priority?: TaskPriority;
  assignee?: number;
  author?: number;
  request?: number;
  client?: number;
  overdue?: boolean;
  search?: string;
  ordering?: TaskOrdering;
  limit?: number;
  offset?: number;
}

/**
 * Tasks are read by the tasks page and by the request and client pages (their tasks panel): any
 * change invalidates `tasksKeys.all`, which refreshes every list and task on screen.
 */
export const tasksKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  list: (params: TaskListParams) => ['tasks', 'list', params] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
};
