import { TASK_STATUSES, type Task } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { seedDemoUpTo } from '../../test/seeded.ts';
import { issueToken } from '../../test/tokens.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { users } from '../users/users.table.ts';
import { isOverdue } from './tasks.mappers.ts';
import { tasksRepository } from './tasks.repository.ts';
import { seedTasks } from './tasks.seed.ts';
import { tasks } from './tasks.table.ts';

const now = new Date('2026-11-24T10:00:00Z');
let t: TestContext;
let db: Db;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  await seedDemoUpTo(t, now, 'requests');
  await db.transaction((tx) => seedTasks({ db: tx as unknown as Db, config: t.config, now }));
});
afterAll(() => t.close());

describe('demo tasks', () => {
  it('give Admin, FO and BO tasks in every status as assignees and as authors; the Accountant none', async () => {
    const rows = await db.select().from(tasks);
    const people = await db.select({ id: users.id, role: users.role }).from(users);
    const idOf = (role: string) => people.find((p) => p.role === role)!.id;
    for (const role of ['Admin', 'FO', 'BO']) {
      const held = rows.filter((r) => r.assignee_id === idOf(role));
      expect(new Set(held.map((r) => r.status)), role).toEqual(new Set(TASK_STATUSES));
      expect(held.filter((r) => isOverdue(r, now)).length, `${role} overdue`).toBeGreaterThanOrEqual(2);
      expect(
        held.some((r) => r.priority === 'Urgent'),
        role,
      ).toBe(true);
      expect(
        rows.filter((r) => r.author_id === idOf(role) && r.assignee_id !== idOf(role)).length,
      ).toBeGreaterThan(0);
    }
    const accountant = idOf('Accountant');
    expect(rows.filter((r) => r.assignee_id === accountant || r.author_id === accountant)).toEqual([]);
    // deadlines as the form makes them, Completed ones stamped
    for (const r of rows) {
      if (r.deadline) expect(r.deadline.getTime() % (5 * 60_000)).toBe(0);
      expect(r.completed_at !== null).toBe(r.status === 'Completed');
    }
  });

  it('link some tasks to demo requests and clients, which show their number and name', async () => {
    const rows = await db.select().from(tasks);
    const views = await tasksRepository.viewsByIds(
      db,
      rows.map((r) => r.id),
    );
    const requestLinked = views.filter((v) => v.task.request_id !== null);
    const clientLinked = views.filter((v) => v.task.client_id !== null);
    expect(requestLinked.length).toBeGreaterThanOrEqual(5);
    expect(clientLinked.length).toBeGreaterThanOrEqual(3);
    expect(requestLinked.every((v) => /^[A-Z]{4}-/.test(v.request_number ?? ''))).toBe(true);
    expect(clientLinked.every((v) => (v.client_name ?? '').length > 2)).toBe(true);
  });

  it('leave a few unread NewTask notices, and FO sees their list through the API', async () => {
    const notices = await db.select().from(notifications).where(eq(notifications.type, 'NewTask'));
    expect(notices.length).toBeGreaterThanOrEqual(3);
    expect(notices.every((n) => n.read_at === null)).toBe(true);
    const token = await issueToken(db, ROLE_EMAILS.FO);
    const res = await t.request({ method: 'GET', url: 'tasks/?scope=mine&limit=50', token });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as Task[];
    expect(list.length).toBeGreaterThanOrEqual(6);
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=task&entity_id=${list[0]!.id}`,
      token,
    });
    expect(history.json().data[0]).toMatchObject({ action: 'create', user: null });
  });

  it('are found by the words of their title (the search vector is written)', async () => {
    const token = await issueToken(db, ROLE_EMAILS.FO);
    const first = (
      (await t.request({ method: 'GET', url: 'tasks/?scope=mine&limit=1', token })).json().data as Task[]
    )[0]!;
    const word = first.title.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w))!;
    const res = await t.request({ method: 'GET', url: `tasks/?scope=mine&search=${word}&limit=100`, token });
    expect((res.json().data as Task[]).map((x) => x.id)).toContain(first.id);
    const rows = await db.select({ v: tasks.search_vector }).from(tasks);
    expect(rows.every((r) => r.v.length > 0)).toBe(true);
  });
});
