import type { ListResult } from '@app/shared/api/envelope';
import type { Task } from '@app/shared/tasks/tasks.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { type TaskListParams, tasksKeys } from './tasks-keys.ts';

/** GET tasks/: one page of the tasks the scope shows (mine, assigned by me, all for an Admin). */
export function listTasks(params: TaskListParams, signal?: AbortSignal): Promise<ListResult<Task>> {
  return http.get<ListResult<Task>>('tasks/', { query: { ...params }, signal });
}

/** The query of one page (also for `useQueries`, as the board asks one per column). */
export function tasksQueryOptions(params: TaskListParams) {
  return queryOptions({
    queryKey: tasksKeys.list(params),
    queryFn: ({ signal }) => listTasks(params, signal),
    // the previous page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  });
}

export function useTasks(params: TaskListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...tasksQueryOptions(params), enabled: options.enabled ?? true });
}
