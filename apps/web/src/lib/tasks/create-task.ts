import type { CreateTaskBody, Task } from '@app/shared/tasks/tasks.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { tasksKeys } from './tasks-keys.ts';

/** POST tasks/: the server makes the signed-in user the author and sends the assignee a NewTask notice. */
export async function createTask(body: CreateTaskBody): Promise<Task> {
  return (await http.post<{ data: Task }>('tasks/', body, { fieldErrors: 'inline' })).data;
}

export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => client.invalidateQueries({ queryKey: tasksKeys.all }),
  });
}
