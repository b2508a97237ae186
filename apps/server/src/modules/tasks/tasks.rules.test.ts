import { TASK_STATUSES, type TaskStatus } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { createProblem, moveProblem, type TaskActor } from './tasks.rules.ts';

const AUTHOR = 1;
const ASSIGNEE = 2;
const people = { author_id: AUTHOR, assignee_id: ASSIGNEE };
const who: Record<string, TaskActor> = {
  author: { id: AUTHOR, admin: false },
  assignee: { id: ASSIGNEE, admin: false },
  admin: { id: 9, admin: true },
};

/** The statuses each person may move a task to, from each status. */
const allowed = (from: TaskStatus, actor: TaskActor) =>
  TASK_STATUSES.filter((to) => to !== from && moveProblem({ ...people, status: from }, to, actor) === null);

describe('task status moves', () => {
  it('follow the Control rule: the assignee hands over, only the author accepts or returns', () => {
    expect(allowed('Not started', who.author!)).toEqual(['In progress', 'Completed']);
    expect(allowed('Not started', who.assignee!)).toEqual(['In progress', 'Control']);
    expect(allowed('Not started', who.admin!)).toEqual(['In progress']);
    expect(allowed('In progress', who.assignee!)).toEqual(['Not started', 'Control']);
    expect(allowed('Control', who.author!)).toEqual(['In progress', 'Completed']);
    expect(allowed('Control', who.assignee!)).toEqual([]);
    expect(allowed('Control', who.admin!)).toEqual([]);
    expect(allowed('Completed', who.author!)).toEqual(['In progress']);
    expect(allowed('Completed', who.assignee!)).toEqual([]);
    expect(allowed('Completed', who.admin!)).toEqual([]);
  });

  it('let someone who is both author and assignee take a task all the way', () => {
    const self = { author_id: 5, assignee_id: 5 };
    const me = { id: 5, admin: false };
    expect(moveProblem({ ...self, status: 'In progress' }, 'Control', me)).toBeNull();
    expect(moveProblem({ ...self, status: 'Control' }, 'Completed', me)).toBeNull();
  });

  it('say why a move is refused', () => {
    expect(moveProblem({ ...people, status: 'Control' }, 'Completed', who.assignee!)).toBe(
      'only its author accepts or returns a task in Control',
    );
    expect(moveProblem({ ...people, status: 'In progress' }, 'Completed', who.assignee!)).toMatch(
      /the assignee hands it over to Control/,
    );
  });

  it('start a new task Not started or where its author could move it at once', () => {
    expect(createProblem(people, 'Not started', who.author!)).toBeNull();
    expect(createProblem(people, 'In progress', who.author!)).toBeNull();
    expect(createProblem(people, 'Completed', who.author!)).toBeNull();
    expect(createProblem(people, 'Control', who.author!)).not.toBeNull();
    expect(createProblem({ author_id: 5, assignee_id: 5 }, 'Control', { id: 5, admin: false })).toBeNull();
  });
});
