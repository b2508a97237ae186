import type { Task } from '@app/shared/tasks/tasks.schemas';

/** Tasks for the web tests. The signed-in FO of `makeUser()` is Frida Olsen, id 7. */
export const FRIDA = { id: 7, name: 'Frida Olsen' };
export const BORIS = { id: 3, name: 'Boris Back' };
export const ALICE = { id: 1, name: 'Alice Admin' };

export function makeTask(patch: Partial<Task> = {}): Task {
  return {
    id: 11,
    title: 'Call the hotel about the late check-in',
    description: '',
    priority: 'Normal',
    status: 'Not started',
    assignee: BORIS,
    author: FRIDA,
    deadline: '2026-12-01T09:30:00.000Z',
    overdue: false,
    request: null,
    client: null,
    version: 3,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    completed_at: null,
    ...patch,
  };
}

export const pageOf = (data: Task[], total = data.length) => ({
  body: { data, meta: { total, limit: 20, offset: 0 } },
});
