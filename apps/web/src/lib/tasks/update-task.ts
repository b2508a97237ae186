import type { Task, UpdateTaskBody } from '@app/shared/tasks/tasks.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { tasksKeys } from './tasks-keys.ts';

/**
 * PATCH tasks/{id}/ with the version read and only the fields that changed. A 409 (someone saved
 * first) is left to the caller; a refusal of the rules (the Control check) toasts here.
 */
export async function updateTask(id: number, body: UpdateTaskBody): Promise<Task> {
  return (await http.patch<{ data: Task }>(`tasks/${id}/`, body, { quiet: [409], fieldErrors: 'inline' }))
    .data;
}

export function useUpdateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTaskBody }) => updateTask(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: tasksKeys.all }),
  });
}
