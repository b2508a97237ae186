import { type AccessSubject, isAdmin } from '@app/shared/auth/access';
import type { Task } from '@app/shared/tasks/tasks.schemas';
import { TASK_STATUSES, type TaskStatus } from '@app/shared/value-lists';

/**
 * What the web offers on a task. The server is the real check (it answers 403 or a rule error,
 * toasted); these only keep people from being offered moves that can only fail.
 */
export type TaskViewer = AccessSubject & { id: number };

type TaskPeople = Pick<Task, 'author' | 'assignee' | 'status'>;

const isAuthor = (task: TaskPeople, me: TaskViewer) => task.author.id === me.id;
const isAssignee = (task: TaskPeople, me: TaskViewer) => task.assignee.id === me.id;

/**
 * The statuses a person may move a task to, in board order:
 * - Control means "done, waiting for the author's check": only the assignee hands a task over to
 *   Control, and only the author takes it out (Completed, or back to In progress);
 * - the author may also complete an open task outright (it is theirs to close) and reopen a
 *   completed one;
 * - the assignee, the author and an Admin move it between Not started and In progress.
 */
export function statusMoves(task: TaskPeople, me: TaskViewer): TaskStatus[] {
  const author = isAuthor(task, me);
  const assignee = isAssignee(task, me);
  const allowed = new Set<TaskStatus>();
  switch (task.status) {
    case 'Not started':
    case 'In progress':
      if (author || assignee || isAdmin(me)) allowed.add('Not started').add('In progress');
      if (assignee) allowed.add('Control');
      if (author) allowed.add('Completed');
      break;
    case 'Control':
      if (author) allowed.add('In progress').add('Completed');
      break;
    case 'Completed':
      if (author) allowed.add('In progress');
      break;
    default: {
      const unknown: never = task.status;
      return unknown;
    }
  }
  allowed.delete(task.status);
  return TASK_STATUSES.filter((s) => allowed.has(s));
}

/** Title, description, priority, assignee, deadline and link: the author's, or an Admin's. */
export function canEditTaskDetails(task: TaskPeople, me: TaskViewer): boolean {
  return isAuthor(task, me) || isAdmin(me);
}

/** Deleting a task: its author or an Admin. */
export function canDeleteTask(task: TaskPeople, me: TaskViewer): boolean {
  return isAuthor(task, me) || isAdmin(me);
}

/** Why a task in Control offers this person no move: it waits for its author. */
export function waitingForAuthor(task: TaskPeople, me: TaskViewer): boolean {
  return task.status === 'Control' && !isAuthor(task, me);
}

/** The words of a move in a menu, saying what it means where the bare status would not. */
export function moveLabel(from: TaskStatus, to: TaskStatus): string {
  if (to === 'Control') return 'Done: send to Control';
  if (from === 'Control') return to === 'Completed' ? 'Accept: Completed' : 'Return to In progress';
  if (from === 'Completed') return 'Reopen: In progress';
  return `Move to ${to}`;
}
