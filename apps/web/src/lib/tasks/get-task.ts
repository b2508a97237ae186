import type { Task } from '@app/shared/tasks/tasks.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { tasksKeys } from './tasks-keys.ts';

/** What the server answers for a task that is gone or not the caller's (it does not tell which). */
export const TASK_GONE_STATUSES = [403, 404] as const;

/**
 * GET tasks/{id}/: the latest version of one task (a link from a notice, or after a 409).
 * `quiet` statuses show no error toast: the caller says what they mean.
 */
export async function getTask(id: number, signal?: AbortSignal, quiet?: readonly number[]): Promise<Task> {
  return (await http.get<{ data: Task }>(`tasks/${id}/`, { signal, ...(quiet ? { quiet } : {}) })).data;
}

export function useTask(id: number | null, options: { quiet?: readonly number[] } = {}) {
  const { quiet } = options;
  return useQuery({
    queryKey: tasksKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getTask(id ?? 0, signal, quiet),
    enabled: id !== null,
  });
}
