import { describe, expect, it } from 'vitest';
import { composeDeadline } from '../../lib/tasks/task-deadline.ts';
import { makeTask } from './task-fixtures.ts';
import { newTaskValues, type TaskFormOutput, taskValues, updateTaskBody } from './task-form-values.ts';

const TASK = makeTask({
  deadline: composeDeadline('2026-12-01', '09', '30'),
  client: { id: 5, name: 'Anna' },
});
const edited = (patch: Partial<TaskFormOutput>) => ({ ...taskValues(TASK), ...patch }) as TaskFormOutput;

describe('task form values', () => {
  it('starts a task opened from a record linked to it', () => {
    expect(newTaskValues({ request: { id: 42, number: 'BSLF-2026-00042' } })).toMatchObject({
      link: 'request',
      request: 42,
      client: null,
      priority: 'Normal',
      status: 'Not started',
    });
    expect(newTaskValues().link).toBe('none');
  });

  it('sends nothing when nothing changed, the deadline included', () => {
    expect(updateTaskBody(TASK, edited({}))).toBeNull();
  });

  it('sends only what changed, at the version read', () => {
    expect(updateTaskBody(TASK, edited({ status: 'In progress', deadline_minute: '45' }))).toEqual({
      version: 3,
      status: 'In progress',
      deadline: composeDeadline('2026-12-01', '09', '45'),
    });
  });

  it('moves the link from the client to a request, and clears the deadline', () => {
    expect(updateTaskBody(TASK, edited({ link: 'request', request: 42, deadline_date: '' }))).toEqual({
      version: 3,
      deadline: null,
      request: 42,
      client: null,
    });
  });
});
