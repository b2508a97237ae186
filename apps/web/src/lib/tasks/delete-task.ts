import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { tasksKeys } from './tasks-keys.ts';

/** DELETE tasks/{id}/: the author's or an Admin's; a refusal is shown in the confirm dialog. */
export async function deleteTask(id: number): Promise<void> {
  await http.delete(`tasks/${id}/`, { quiet: true });
}

export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: tasksKeys.detail(id) });
      return client.invalidateQueries({ queryKey: tasksKeys.lists });
    },
  });
}
