import type { Task } from '@app/shared/tasks/tasks.schemas';
import type { TaskStatus } from '@app/shared/value-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { isHttpError } from '../../../lib/http/http-error.ts';
import { tasksKeys } from '../../../lib/tasks/tasks-keys.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';

/**
 * PATCH tasks/{id}/ with the version on screen and the new status (a board drag or a status
 * menu). A refusal of the rules (the Control check) is toasted by the HTTP layer with the
 * server's words; a stale version (409) is said here, and the lists reload.
 */
export async function moveTask(task: Pick<Task, 'id' | 'version'>, status: TaskStatus): Promise<Task> {
  return (
    await http.patch<{ data: Task }>(`tasks/${task.id}/`, { version: task.version, status }, { quiet: [409] })
  ).data;
}

export function useMoveTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ task, status }: { task: Pick<Task, 'id' | 'version'>; status: TaskStatus }) =>
      moveTask(task, status),
    onError: (error) => {
      if (isHttpError(error) && error.status === 409) {
        toast.warning('This task was changed by someone else meanwhile. It is reloaded: try again.');
      }
    },
    // awaited, so a board's card stays where it was dropped until the fresh lists have come
    onSettled: () => client.invalidateQueries({ queryKey: tasksKeys.all }),
  });
}
