import type { Task } from '@app/shared/tasks/tasks.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { tasksKeys } from './tasks-keys.ts';

/** GET tasks/{id}/: the latest version of one task (a link from a notice, or after a 409). */
export async function getTask(id: number, signal?: AbortSignal): Promise<Task> {
  return (await http.get<{ data: Task }>(`tasks/${id}/`, { signal })).data;
}

export function useTask(id: number | null) {
  return useQuery({
    queryKey: tasksKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getTask(id ?? 0, signal),
    enabled: id !== null,
  });
}
