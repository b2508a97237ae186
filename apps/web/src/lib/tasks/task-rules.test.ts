import type { TaskStatus } from '@app/shared/value-lists';
import { describe, expect, it } from 'vitest';
import { canDeleteTask, canEditTaskDetails, statusMoves, type TaskViewer } from './task-rules.ts';

const AUTHOR: TaskViewer = { id: 1, role: 'FO', type: 'user', permissions: [] };
const ASSIGNEE: TaskViewer = { id: 2, role: 'BO', type: 'user', permissions: [] };
const ADMIN: TaskViewer = { id: 9, role: 'Admin', type: 'admin', permissions: [] };
const OTHER: TaskViewer = { id: 5, role: 'FO', type: 'user', permissions: [] };

const task = (status: TaskStatus, author = 1, assignee = 2) => ({
  status,
  author: { id: author, name: 'A' },
  assignee: { id: assignee, name: 'B' },
});

describe('task rules', () => {
  it('lets only the author take a task out of Control, to Completed or back to In progress', () => {
    expect(statusMoves(task('Control'), AUTHOR)).toEqual(['In progress', 'Completed']);
    expect(statusMoves(task('Control'), ASSIGNEE)).toEqual([]);
    expect(statusMoves(task('Control'), ADMIN)).toEqual([]);
  });

  it('lets the assignee hand a task over to Control, but not complete it', () => {
    expect(statusMoves(task('Not started'), ASSIGNEE)).toEqual(['In progress', 'Control']);
    expect(statusMoves(task('In progress'), ASSIGNEE)).toEqual(['Not started', 'Control']);
  });

  it('lets the author complete an open task and reopen a completed one', () => {
    expect(statusMoves(task('In progress'), AUTHOR)).toEqual(['Not started', 'Completed']);
    expect(statusMoves(task('Completed'), AUTHOR)).toEqual(['In progress']);
    expect(statusMoves(task('Completed'), ASSIGNEE)).toEqual([]);
  });

  it('gives a task of one’s own every move', () => {
    expect(statusMoves(task('Not started', 1, 1), AUTHOR)).toEqual(['In progress', 'Control', 'Completed']);
  });

  it('lets an Admin start or pause any task, and no one else touch it', () => {
    expect(statusMoves(task('Not started'), ADMIN)).toEqual(['In progress']);
    expect(statusMoves(task('In progress'), OTHER)).toEqual([]);
  });

  it('keeps the details and deleting for the author and Admins', () => {
    expect([AUTHOR, ASSIGNEE, ADMIN, OTHER].map((me) => canEditTaskDetails(task('Not started'), me))).toEqual(
      [true, false, true, false],
    );
    expect([AUTHOR, ASSIGNEE, ADMIN, OTHER].map((me) => canDeleteTask(task('Control'), me))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});
