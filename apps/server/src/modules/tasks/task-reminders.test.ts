import type { Role, Task } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { sendTaskReminders, TASK_REMINDERS_JOB } from './task-reminders.ts';

let t: TestContext;
const token = {} as Record<Role, string>;
const id = {} as Record<Role, number>;
/** The reminders' clock: every deadline below is set against it. */
const now = new Date('2030-03-10T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  t = await createTestContext();
  for (const role of ['Admin', 'FO', 'BO'] as const) {
    token[role] = await issueToken(t.database.db, ROLE_EMAILS[role]);
    id[role] = (await t.request({ method: 'GET', url: 'users/me/', token: token[role] })).json().data.id;
  }
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>): Promise<Task> {
  const res = await t.request({
    method: 'POST',
    url: 'tasks/',
    token: token.FO,
    payload: { assignee: id.BO, ...body } as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** [type, user] of the reminders raised for a task, in order. */
async function remindersOf(taskId: number): Promise<Array<[string, number]>> {
  const rows = await t.database.db.select().from(notifications).orderBy(notifications.id);
  return rows
    .filter((n) => n.type !== 'NewTask' && (n.data as { task_id?: number }).task_id === taskId)
    .map((n) => [n.type, n.user_id]);
}

const run = (when = now) => t.app.jobs.runNow(TASK_REMINDERS_JOB, { now: when });

describe('task deadline reminders', () => {
  it('remind the assignee the day before, once however often the job runs', async () => {
    const task = await create({ title: 'Due tomorrow morning', deadline: at(20) });
    const later = await create({ title: 'Due in two days', deadline: at(48) });
    expect(await run()).toBe('ran');
    expect(await run()).toBe('ran');
    expect(await remindersOf(task.id)).toEqual([['TaskDeadline', id.BO]]);
    expect(await remindersOf(later.id)).toEqual([]);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'TaskDeadline'));
    expect(notice).toMatchObject({
      title: 'Task due within a day: Due tomorrow morning',
      data: { task_id: task.id, deadline: task.deadline },
      read_at: null,
    });
  });

  it('tell the assignee and the author once a deadline has passed, and not again', async () => {
    const task = await create({ title: 'Passed an hour ago', deadline: at(-1) });
    await run();
    await run(new Date(now.getTime() + 3_600_000));
    expect(await remindersOf(task.id)).toEqual([
      ['TaskOverdue', id.BO],
      ['TaskOverdue', id.FO],
    ]);
  });

  it('leave out deadlines passed more than 7 days before the run: history, not news', async () => {
    const old = await create({ title: 'Overdue for eight days', deadline: at(-8 * 24) });
    const recent = await create({ title: 'Overdue for six days', deadline: at(-6 * 24) });
    await run();
    expect(await remindersOf(old.id)).toEqual([]);
    expect(await remindersOf(recent.id)).toEqual([
      ['TaskOverdue', id.BO],
      ['TaskOverdue', id.FO],
    ]);
  });

  it('leave out tasks in Control or Completed and tasks without a deadline', async () => {
    const handed = await create({ title: 'Handed over', deadline: at(-3) });
    const moved = await t.request({
      method: 'PATCH',
      url: `tasks/${handed.id}/`,
      token: token.BO,
      payload: { version: handed.version, status: 'Control' } as never,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const done = await create({ title: 'Closed by its author', deadline: at(5), status: 'Completed' });
    const open = await create({ title: 'No deadline' });
    await run();
    for (const task of [handed, done, open]) expect(await remindersOf(task.id)).toEqual([]);
  });

  it('remind again when the deadline moves', async () => {
    const task = await create({ title: 'Moved deadline', deadline: at(10) });
    await run();
    const res = await t.request({
      method: 'PATCH',
      url: `tasks/${task.id}/`,
      token: token.FO,
      payload: { version: task.version, deadline: at(15) } as never,
    });
    expect(res.statusCode, res.body).toBe(200);
    await run();
    await run(new Date(now.getTime() + 16 * 3_600_000));
    expect(await remindersOf(task.id)).toEqual([
      ['TaskDeadline', id.BO],
      ['TaskDeadline', id.BO],
      ['TaskOverdue', id.BO],
      ['TaskOverdue', id.FO],
    ]);
  });

  // PGlite serialises transactions; only PostgreSQL runs two at once.
  describe.runIf(onPostgres)('with runs at the same time (PostgreSQL)', () => {
    it('two job runs at once raise one notification', async () => {
      const task = await create({ title: 'Raced through the job', deadline: at(-2) });
      const outcomes = await Promise.all([run(), run()]);
      expect(outcomes).toContain('ran');
      expect(await remindersOf(task.id)).toEqual([
        ['TaskOverdue', id.BO],
        ['TaskOverdue', id.FO],
      ]);
    });

    it('two reminder passes at once, past the job lock, still claim each reminder once', async () => {
      const task = await create({ title: 'Raced past the lock', deadline: at(6) });
      const pass = () => t.database.db.transaction((tx) => sendTaskReminders({ tx: tx as never, now }));
      const [a, b] = await Promise.all([pass(), pass()]);
      expect(a.due + b.due).toBe(1);
      expect(await remindersOf(task.id)).toEqual([['TaskDeadline', id.BO]]);
    });
  });
});
