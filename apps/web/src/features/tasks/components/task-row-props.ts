import type { Task } from '@app/shared/tasks/tasks.schemas';
import type { RowExtra } from '../../../ui/list/data-table.tsx';
import classes from './task-list.module.css';

/** An overdue row stands out (red bar and tint), a completed one reads quieter. */
export function taskRowProps(task: Task): RowExtra {
  const className = task.overdue
    ? classes.overdue
    : task.status === 'Completed'
      ? classes.completed
      : undefined;
  return {
    ...(className ? { className } : {}),
    'data-overdue': task.overdue ? 'true' : undefined,
    'data-status': task.status,
  };
}
