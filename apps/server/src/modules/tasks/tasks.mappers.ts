import type { Task, TaskPriority, TaskStatus } from '@app/shared';
import type { TaskView } from './tasks.repository.ts';

/** Overdue: the deadline has passed and the task is not in Control or Completed. */
export function isOverdue(task: { deadline: Date | null; status: string }, now: Date): boolean {
  return (
    task.deadline !== null &&
    task.deadline.getTime() < now.getTime() &&
    task.status !== 'Control' &&
    task.status !== 'Completed'
  );
}

export function toTask(v: TaskView, now: Date): Task {
  const t = v.task;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    priority: t.priority as TaskPriority,
    status: t.status as TaskStatus,
    assignee: { id: t.assignee_id, name: v.assignee_name },
    author: { id: t.author_id, name: v.author_name },
    deadline: t.deadline ? t.deadline.toISOString() : null,
    overdue: isOverdue(t, now),
    request: t.request_id !== null ? { id: t.request_id, number: v.request_number ?? '' } : null,
    client: t.client_id !== null ? { id: t.client_id, name: v.client_name ?? '' } : null,
    version: t.version,
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
    completed_at: t.completed_at ? t.completed_at.toISOString() : null,
  };
}

/**
 * What the history keeps: the task's own fields (references, the author too since an Admin may
 * hand a task over to another, with their names), not derived ones.
 */
export function taskSnapshot(task: Task): Record<string, unknown> {
  const { overdue: _o, completed_at: _c, ...rest } = task;
  return rest;
}
