import { TASK_MESSAGES, type TaskStatus } from '@app/shared';

/** Who is acting on a task, as the rules see them. */
export interface TaskActor {
  id: number;
  admin: boolean;
}

export interface TaskPeople {
  author_id: number;
  assignee_id: number;
  status: TaskStatus;
}

const why = TASK_MESSAGES.why;

/**
 * Why `actor` may not move `task` to `to`, or null when the move is allowed. Control means "done,
 * waiting for the author's check":
 * - the assignee hands a task over to Control; only the author takes it out, to Completed (accept)
 *   or back to In progress (return). An Admin does not: the check is the author's, and the spec
 *   says "only the author" (an Admin can still reassign or delete a task whose author has left);
 * - the author may also complete an open task outright (it is theirs to close) and reopen a
 *   completed one to In progress;
 * - the author, the assignee and an Admin move an open task between Not started and In progress.
 * The same rules as the web's `statusMoves` (lib/tasks/task-rules.ts), which only offers these.
 */
export function moveProblem(task: TaskPeople, to: TaskStatus, actor: TaskActor): string | null {
  const from = task.status;
  if (from === to) return null;
  const author = task.author_id === actor.id;
  const assignee = task.assignee_id === actor.id;
  switch (from) {
    case 'Control':
      if (!author) return why.leaveControl;
      return to === 'Completed' || to === 'In progress' ? null : why.controlTargets;
    case 'Completed':
      if (!author) return why.reopen;
      return to === 'In progress' ? null : why.reopenTarget;
    case 'Not started':
    case 'In progress':
      if (to === 'Control') return assignee ? null : why.toControl;
      if (to === 'Completed') return author ? null : why.toCompleted;
      return author || assignee || actor.admin ? null : why.notInvolved;
    default: {
      const unknown: never = from;
      return unknown;
    }
  }
}

/** A new task starts Not started, or where its author could move it from there at once. */
export function createProblem(
  people: { author_id: number; assignee_id: number },
  status: TaskStatus,
  actor: TaskActor,
): string | null {
  return moveProblem({ ...people, status: 'Not started' }, status, actor);
}
