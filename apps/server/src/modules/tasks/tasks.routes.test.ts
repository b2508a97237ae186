import type { Role, Task } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { createTestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { buildWorld, type RequestsWorld, requestBody } from '../requests/requests.test-support.ts';
import { users } from '../users/users.table.ts';

let t: TestContext;
let w: RequestsWorld;
let requestId: number;
let requestNumber: string;
let inactiveId: number;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t);
  const req = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.FO,
    payload: requestBody(w),
  });
  expect(req.statusCode, req.body).toBe(201);
  requestId = req.json().data.id;
  requestNumber = req.json().data.number;
  const [inactive] = await t.database.db
    .insert(users)
    .values({
      name: 'Ivan Inactive',
      email: 'ivan@example.com',
      password_hash: 'x',
      role: 'FO',
      is_active: false,
    })
    .returning();
  inactiveId = inactive!.id;
});
afterAll(() => t.close());

/** A deadline `hours` from now on a 5-minute step, as the form sends it. */
const inHours = (hours: number) => {
  const step = 5 * 60_000;
  return new Date(Math.ceil((Date.now() + hours * 3_600_000) / step) * step).toISOString();
};

async function create(as: Role, body: Record<string, unknown>): Promise<Task> {
  const res = await t.request({ method: 'POST', url: 'tasks/', token: w.token[as], payload: body as never });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const patch = (as: Role, task: Pick<Task, 'id' | 'version'>, body: Record<string, unknown>) =>
  t.request({
    method: 'PATCH',
    url: `tasks/${task.id}/`,
    token: w.token[as],
    payload: { version: task.version, ...body } as never,
  });

async function list(as: Role, query: string): Promise<{ data: Task[]; meta: { total: number } }> {
  const res = await t.request({ method: 'GET', url: `tasks/?${query}`, token: w.token[as] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const newTaskNotices = (userId: number, taskId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'NewTask')))
    .then((rows) => rows.filter((n) => (n.data as { task_id?: number }).task_id === taskId));

describe('creating a task', () => {
  it('answers the task with its author, assignee and link, records its history and raises NewTask for the assignee', async () => {
    const deadline = inHours(48);
    const task = await create('FO', {
      title: 'Chase the supplier invoice',
      description: 'The broker promised it last week.',
      priority: 'Urgent',
      assignee: w.userId.BO,
      deadline,
      request: requestId,
    });
    expect(task).toMatchObject({
      title: 'Chase the supplier invoice',
      priority: 'Urgent',
      status: 'Not started',
      author: { id: w.userId.FO, name: 'Fiona Front' },
      assignee: { id: w.userId.BO, name: 'Boris Back' },
      deadline,
      overdue: false,
      request: { id: requestId, number: requestNumber },
      client: null,
      version: 1,
      completed_at: null,
    });
    const notices = await newTaskNotices(w.userId.BO, task.id);
    expect(notices.map((n) => [n.title, n.data, n.read_at])).toEqual([
      ['New task: Chase the supplier invoice', { task_id: task.id }, null],
    ]);
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=task&entity_id=${task.id}`,
      token: w.token.FO,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0]).toMatchObject({ action: 'create', user: { id: w.userId.FO } });
    expect(history.json().data[0].changes.title).toEqual([null, 'Chase the supplier invoice']);
  });

  it('raises no notice for a task one sets oneself', async () => {
    const task = await create('BO', { title: 'Note to self', assignee: w.userId.BO });
    expect(await newTaskNotices(w.userId.BO, task.id)).toEqual([]);
  });

  it('takes only an active Admin, Frontend or Backend user as assignee', async () => {
    const cases: Array<[unknown, string]> = [
      [w.userId.Accountant, 'Choose an Admin, Frontend or Backend user'],
      [inactiveId, 'This user is inactive; choose another'],
      [999_999, 'Invalid field value'],
    ];
    for (const [assignee, message] of cases) {
      const res = await t.request({
        method: 'POST',
        url: 'tasks/',
        token: w.token.FO,
        payload: { title: 'x', assignee } as never,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ assignee: [message] });
    }
  });

  it('links to an existing request or an existing, live client, never both', async () => {
    const refuse = async (body: Record<string, unknown>, errors: Record<string, string[]>) => {
      const res = await t.request({
        method: 'POST',
        url: 'tasks/',
        token: w.token.FO,
        payload: { title: 'Linked', assignee: w.userId.FO, ...body } as never,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(errors);
    };
    await refuse({ request: 999_999 }, { request: ['Invalid field value'] });
    await refuse({ client: 999_999 }, { client: ['Invalid field value'] });
    await refuse({ client: w.client.archived }, { client: ['This client is archived; choose another'] });
    const both = 'Link the task to a request or to a client, not both';
    await refuse({ request: requestId, client: w.client.anna }, { request: [both], client: [both] });
    const linked = await create('FO', { title: 'Linked', assignee: w.userId.FO, client: w.client.anna });
    expect(linked.client).toEqual({ id: w.client.anna, name: 'Anna Karenina' });
    expect(linked.request).toBeNull();
  });

  it('refuses a deadline off the 5-minute steps, a missing title and an unknown field', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'tasks/',
      token: w.token.FO,
      payload: { title: '', assignee: w.userId.BO, deadline: '2030-01-01T10:03:00Z', extra: 1 } as never,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      deadline: ['Invalid field value'],
      title: ['Required field'],
      extra: [expect.any(String)],
    });
  });

  it('starts a task Not started, In progress, or where its author may take it at once', async () => {
    // an author may close their own task; Control is the assignee's hand-over
    expect(
      (await create('FO', { title: 'Done already', assignee: w.userId.BO, status: 'Completed' })).status,
    ).toBe('Completed');
    const res = await t.request({
      method: 'POST',
      url: 'tasks/',
      token: w.token.FO,
      payload: { title: 'Handed over?', assignee: w.userId.BO, status: 'Control' } as never,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status[0]).toMatch(/only its assignee hands it over to Control/);
    expect(
      (await create('FO', { title: 'My own check', assignee: w.userId.FO, status: 'Control' })).status,
    ).toBe('Control');
  });
});

describe('who sees and changes a task', () => {
  it('keeps tasks to Admin, Frontend and Backend: the Accountant gets 403', async () => {
    for (const [method, url] of [
      ['GET', 'tasks/'],
      ['POST', 'tasks/'],
      ['GET', 'tasks/1/'],
      ['PATCH', 'tasks/1/'],
      ['DELETE', 'tasks/1/'],
    ] as const) {
      const res = await t.request({ method, url, token: w.token.Accountant, payload: {} as never });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('shows a task to its author, its assignee and an Admin; anyone else gets 404', async () => {
    const task = await create('FO', { title: 'Between FO and Admin', assignee: w.userId.Admin });
    for (const who of ['FO', 'Admin'] as const)
      expect(
        (await t.request({ method: 'GET', url: `tasks/${task.id}/`, token: w.token[who] })).statusCode,
      ).toBe(200);
    expect((await t.request({ method: 'GET', url: `tasks/${task.id}/`, token: w.token.BO })).statusCode).toBe(
      404,
    );
    expect((await patch('BO', task, { title: 'Mine now' })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `tasks/${task.id}/`, token: w.token.BO })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: 'tasks/999999/', token: w.token.Admin })).statusCode).toBe(
      404,
    );
  });

  it("shows a task's history to those who see the task; anyone else gets 403, as for a task that does not exist", async () => {
    const task = await create('FO', { title: 'History between FO and Admin', assignee: w.userId.Admin });
    const history = (who: Role, id = task.id) =>
      t.request({ method: 'GET', url: `audit/?entity=task&entity_id=${id}`, token: w.token[who] });
    for (const who of ['FO', 'Admin'] as const) {
      const res = await history(who);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.map((e: { action: string }) => e.action)).toEqual(['create']);
    }
    expect((await history('BO')).statusCode).toBe(403);
    expect((await history('Accountant')).statusCode).toBe(403);
    expect((await history('BO', 999_999)).statusCode).toBe(403);
    // once deleted, its history stays theirs (and an Admin's), and still nobody else's
    const remove = (id: number) => t.request({ method: 'DELETE', url: `tasks/${id}/`, token: w.token.FO });
    expect((await remove(task.id)).statusCode).toBe(204);
    for (const who of ['FO', 'Admin'] as const)
      expect((await history(who)).json().data.map((e: { action: string }) => e.action)).toEqual([
        'delete',
        'create',
      ]);
    expect((await history('BO')).statusCode).toBe(403);
    // the assignee of a task its author deleted, by the deletion's record
    const held = await create('FO', { title: 'Deleted under BO', assignee: w.userId.BO });
    expect((await remove(held.id)).statusCode).toBe(204);
    expect((await history('BO', held.id)).statusCode).toBe(200);
  });

  it("lets only the author or an Admin change a task's details; its assignee changes the status", async () => {
    const task = await create('FO', { title: 'Book the lounge', assignee: w.userId.BO, priority: 'Normal' });
    const byAssignee = await patch('BO', task, { title: 'Book the lounge and the car' });
    expect(byAssignee.statusCode).toBe(403);
    expect(byAssignee.json().errors.detail).toMatch(/Only the task's author or an Admin/);
    // the same values sent back are no change
    const started = await patch('BO', task, {
      title: 'Book the lounge',
      priority: 'Normal',
      status: 'In progress',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'In progress', version: 2 });
    const byAdmin = await patch('Admin', started.json().data, { priority: 'Urgent' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data.priority).toBe('Urgent');
  });

  it('refuses an edit at a stale version with 409', async () => {
    const task = await create('FO', { title: 'Versioned', assignee: w.userId.FO });
    expect((await patch('FO', task, { title: 'First edit' })).statusCode).toBe(200);
    expect((await patch('FO', task, { title: 'Second edit, stale' })).statusCode).toBe(409);
  });

  it('lets only the author or an Admin delete a task (204), with its deletion in the history', async () => {
    const a = await create('FO', { title: 'To delete', assignee: w.userId.BO });
    const refused = await t.request({ method: 'DELETE', url: `tasks/${a.id}/`, token: w.token.BO });
    expect(refused.statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `tasks/${a.id}/`, token: w.token.FO })).statusCode).toBe(
      204,
    );
    expect((await t.request({ method: 'GET', url: `tasks/${a.id}/`, token: w.token.FO })).statusCode).toBe(
      404,
    );
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=task&entity_id=${a.id}`,
      token: w.token.FO,
    });
    expect(history.json().data[0].action).toBe('delete');
    const b = await create('BO', { title: 'Admin cleans up', assignee: w.userId.FO });
    expect(
      (await t.request({ method: 'DELETE', url: `tasks/${b.id}/`, token: w.token.Admin })).statusCode,
    ).toBe(204);
  });

  it('raises NewTask for a new assignee, not when someone takes a task themselves', async () => {
    const task = await create('FO', { title: 'Pass it on', assignee: w.userId.FO });
    const moved = await patch('FO', task, { assignee: w.userId.BO });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await newTaskNotices(w.userId.BO, task.id)).length).toBe(1);
    const back = await patch('Admin', moved.json().data, { assignee: w.userId.Admin });
    expect(back.statusCode).toBe(200);
    expect((await newTaskNotices(w.userId.Admin, task.id)).length).toBe(0);
  });

  it('moves the link: a client replaces the request, null clears it', async () => {
    const task = await create('FO', { title: 'Relink', assignee: w.userId.FO, request: requestId });
    const toClient = await patch('FO', task, { client: w.client.anna });
    expect(toClient.json().data).toMatchObject({ request: null, client: { id: w.client.anna } });
    const cleared = await patch('FO', toClient.json().data, { client: null });
    expect(cleared.json().data).toMatchObject({ request: null, client: null });
    const both = await patch('FO', cleared.json().data, { request: requestId, client: w.client.anna });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json().errors)).toEqual(expect.arrayContaining(['request', 'client']));
  });
});

describe('the Control rule', () => {
  it('the assignee hands over to Control; only the author accepts (Completed) or returns it (In progress)', async () => {
    const task = await create('FO', { title: 'Get the terms in writing', assignee: w.userId.BO });
    const direct = await patch('BO', task, { status: 'Completed' });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().errors[0]).toMatchObject({ code: 'illegal_status_move' });
    expect(direct.json().errors[0].detail).toMatch(/Not started to Completed: only its author completes it/);

    const handed = await patch('BO', task, { status: 'Control' });
    expect(handed.statusCode, handed.body).toBe(200);
    const inControl = handed.json().data as Task;
    expect(inControl.status).toBe('Control');

    // the assignee cannot take it back, and neither can an Admin who is not the author
    for (const who of ['BO', 'Admin'] as const)
      for (const status of ['Completed', 'In progress'])
        expect((await patch(who, inControl, { status })).statusCode, `${who} → ${status}`).toBe(400);
    expect((await patch('FO', inControl, { status: 'Not started' })).statusCode).toBe(400);

    const returned = await patch('FO', inControl, { status: 'In progress' });
    expect(returned.statusCode, returned.body).toBe(200);
    const again = await patch('BO', returned.json().data, { status: 'Control' });
    const accepted = await patch('FO', again.json().data, { status: 'Completed' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('Completed');
    expect(accepted.json().data.completed_at).not.toBeNull();

    // a completed task is reopened by its author only
    expect((await patch('BO', accepted.json().data, { status: 'In progress' })).statusCode).toBe(400);
    const reopened = await patch('FO', accepted.json().data, { status: 'In progress' });
    expect(reopened.json().data).toMatchObject({ status: 'In progress', completed_at: null });
  });

  it('a task in Control whose author has left: an Admin makes someone else its author, who then checks it', async () => {
    const [olga] = await t.database.db
      .insert(users)
      .values({ name: 'Olga Leaving', email: 'olga@example.com', password_hash: 'x', role: 'FO' })
      .returning();
    const olgaToken = await issueToken(t.database.db, 'olga@example.com');
    const made = await t.request({
      method: 'POST',
      url: 'tasks/',
      token: olgaToken,
      payload: { title: 'Check the visa papers', assignee: w.userId.BO } as never,
    });
    const handed = (await patch('BO', made.json().data, { status: 'Control' })).json().data as Task;
    expect(handed.status).toBe('Control');

    // while the author is active, the task stays theirs
    const early = await patch('Admin', handed, { author: w.userId.Admin });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.author).toEqual(['The author can be changed only once they are deactivated']);

    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, olga!.id));
    // the Control rule holds: an Admin does not check it in the author's place
    expect((await patch('Admin', handed, { status: 'Completed' })).statusCode).toBe(400);
    const byBo = await patch('BO', handed, { author: w.userId.BO });
    expect(byBo.statusCode).toBe(403);
    expect(byBo.json().errors.detail).toBe('Only an Admin can change the author of a task');
    const toInactive = await patch('Admin', handed, { author: inactiveId });
    expect(toInactive.json().errors.author).toEqual(['This user is inactive; choose another']);

    const moved = await patch('Admin', handed, { author: w.userId.FO });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.author).toEqual({ id: w.userId.FO, name: 'Fiona Front' });
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=task&entity_id=${handed.id}`,
      token: w.token.Admin,
    });
    expect(history.json().data[0].changes.author).toEqual([
      { id: olga!.id, name: 'Olga Leaving' },
      { id: w.userId.FO, name: 'Fiona Front' },
    ]);
    const accepted = await patch('FO', moved.json().data, { status: 'Completed' });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('lets the author, the assignee and an Admin move an open task between Not started and In progress', async () => {
    const task = await create('FO', { title: 'Shuffle', assignee: w.userId.BO });
    const a = await patch('Admin', task, { status: 'In progress' });
    expect(a.statusCode, a.body).toBe(200);
    const b = await patch('BO', a.json().data, { status: 'Not started' });
    expect(b.statusCode).toBe(200);
    const c = await patch('FO', b.json().data, { status: 'In progress' });
    expect(c.statusCode).toBe(200);
  });
});

describe('the lists', () => {
  let mine: Task[];
  let lenaToken: string;
  beforeAll(async () => {
    // a fresh assignee, so the lists hold a known set
    const [lena] = await t.database.db
      .insert(users)
      .values({ name: 'Lena List', email: 'lena@example.com', password_hash: 'x', role: 'BO' })
      .returning();
    lenaToken = await issueToken(t.database.db, 'lena@example.com');
    mine = [
      await create('FO', {
        title: 'Ölçek the Émile invoice',
        assignee: lena!.id,
        deadline: inHours(-5),
        priority: 'Urgent',
      }),
      await create('FO', {
        title: 'Plain task',
        description: 'mentions the savoy',
        assignee: lena!.id,
        deadline: inHours(30),
      }),
      await create('Admin', { title: 'Overdue but handed over', assignee: lena!.id, deadline: inHours(-50) }),
      await create('FO', { title: 'No deadline', assignee: lena!.id, request: requestId }),
    ];
  });

  const lenaList = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `tasks/?scope=mine&${query}`, token: lenaToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Task[]; meta: { total: number } };
  };

  it('"mine" lists what I hold, by deadline with the undated last, marking the overdue', async () => {
    const res = await lenaList('');
    expect(res.data.map((x) => x.title)).toEqual([
      'Overdue but handed over',
      'Ölçek the Émile invoice',
      'Plain task',
      'No deadline',
    ]);
    expect(res.data.map((x) => x.overdue)).toEqual([true, true, false, false]);
    expect(res.meta.total).toBe(4);
  });

  it('filters by status, priority, overdue, link and search (word starts, accents and case folded, description too)', async () => {
    const handed = await t.request({
      method: 'PATCH',
      url: `tasks/${mine[2]!.id}/`,
      token: lenaToken,
      payload: { version: mine[2]!.version, status: 'Control' } as never,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const titles = async (q: string) => (await lenaList(q)).data.map((x) => x.title);
    expect(await titles('overdue=true')).toEqual(['Ölçek the Émile invoice']);
    expect(await titles('overdue=false&ordering=title')).toEqual([
      'No deadline',
      'Overdue but handed over',
      'Plain task',
    ]);
    expect(await titles('status=Control')).toEqual(['Overdue but handed over']);
    expect(await titles('priority=Urgent')).toEqual(['Ölçek the Émile invoice']);
    expect(await titles(`request=${requestId}`)).toEqual(['No deadline']);
    expect(await titles('search=EMILE')).toEqual(['Ölçek the Émile invoice']);
    expect(await titles('search=olcek')).toEqual(['Ölçek the Émile invoice']);
    expect(await titles('search=savoy')).toEqual(['Plain task']);
    // the start of a word, of every word typed, in any order; not the middle of one
    expect(await titles('search=invo')).toEqual(['Ölçek the Émile invoice']);
    expect(await titles('search=invoice%20emi')).toEqual(['Ölçek the Émile invoice']);
    expect(await titles('search=voice')).toEqual([]);
    expect(await titles(`search=${mine[3]!.id}`)).toEqual(['No deadline']);
    expect(await titles('search=100%25')).toEqual([]);
    const page = await lenaList('limit=2&offset=2&ordering=-created_at');
    expect(page.data.map((x) => x.title)).toEqual(['Plain task', 'Ölçek the Émile invoice']);
    expect(page.meta.total).toBe(4);
    const past = await lenaList('limit=2&offset=10');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(4);
    // with a search too, the total holds on every page and past the end
    const searched = await lenaList('search=the&limit=1&offset=1&ordering=id');
    expect([searched.data.map((x) => x.title), searched.meta.total]).toEqual([['Plain task'], 2]);
    expect((await lenaList('search=the&offset=5')).meta.total).toBe(2);
  });

  it('finds a task by its words as they are after an edit, not as they were', async () => {
    const task = await create('FO', { title: 'Ring the concierge', assignee: w.userId.BO });
    const found = async (word: string) =>
      (await list('FO', `scope=assigned&search=${word}`)).data.map((x) => x.id);
    expect(await found('concierge')).toEqual([task.id]);
    const edited = await patch('FO', task, { title: 'Email the butler', description: 'About the flowers' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('concierge')).toEqual([]);
    expect(await found('butler')).toEqual([task.id]);
    expect(await found('flow')).toEqual([task.id]);
  });

  it('"assigned" lists what I set; "all" is an Admin\'s alone', async () => {
    const assigned = await list('Admin', 'scope=assigned&search=handed');
    expect(assigned.data.map((x) => x.title)).toEqual(['Overdue but handed over']);
    const all = await list('Admin', `scope=all&request=${requestId}`);
    expect(all.data.every((x) => x.request?.id === requestId)).toBe(true);
    expect(all.data.map((x) => x.title)).toContain('No deadline');
    for (const who of ['FO', 'BO'] as const) {
      const res = await t.request({ method: 'GET', url: 'tasks/?scope=all', token: w.token[who] });
      expect(res.statusCode).toBe(403);
    }
    const fo = await list('FO', 'scope=assigned&ordering=id');
    expect(fo.data.every((x) => x.author.id === w.userId.FO)).toBe(true);
    const bad = await t.request({ method: 'GET', url: 'tasks/?scope=everyone', token: w.token.FO });
    expect(bad.statusCode).toBe(400);
  });
});
