import type { Task } from '@app/shared/tasks/tasks.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFieldQueries } from '../../../test/date-field-queries.ts';
import { type ApiCall, fakeApi, json, listOf, queryOf, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { ALICE, BORIS, FRIDA, makeTask, pageOf } from '../../../ui/tasks/task-fixtures.ts';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { TasksPage } from './tasks-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADMIN = { id: ALICE.id, name: ALICE.name, type: 'admin', role: 'Admin' } as const;
const STAFF = [
  { id: BORIS.id, named: BORIS.name, role: 'BO', office: null, office_title: 'London', extra: 'London' },
  { id: FRIDA.id, named: FRIDA.name, role: 'FO', office: null, office_title: 'London', extra: 'London' },
];

/**
 * The tasks API over a list of tasks: GET filters by status (the board asks per column), PATCH
 * moves a task (or answers `patch` when given), POST and DELETE answer as the server would.
 */
function setup(
  options: {
    tasks?: Task[];
    url?: string;
    user?: object;
    patch?: (call: ApiCall) => Response | undefined;
    /** What GET tasks/{id}/ answers for a task not in the list. @default 404 */
    detail?: number;
  } = {},
) {
  let tasks = [...(options.tasks ?? [makeTask()])];
  const api = fakeApi(
    {
      'GET /api/v1/managers/picker/': () => listOf(STAFF),
      'GET /api/v1/clients/': () => listOf([{ id: 8, named: 'Anna Petrova' }]),
      'POST /api/v1/tasks/': (call) => json(201, { data: makeTask({ id: 99, ...(call.body as object) }) }),
    },
    (call) => {
      const key = routeKey(call);
      if (key === 'GET /api/v1/tasks/') {
        const status = queryOf(call).get('status');
        return pageOf(status ? tasks.filter((t) => t.status === status) : tasks);
      }
      const id = Number(/^\/api\/v1\/tasks\/(\d+)\/$/.exec(call.url.split('?')[0] ?? '')?.[1]);
      const task = tasks.find((t) => t.id === id);
      if (!task) return json(options.detail ?? 404, { errors: { detail: 'Not found.' } });
      if (call.method === 'GET') return json(200, { data: task });
      if (call.method === 'DELETE') {
        tasks = tasks.filter((t) => t.id !== id);
        return json(204, null);
      }
      if (call.method === 'PATCH') {
        const refused = options.patch?.(call);
        if (refused) return refused;
        const moved = { ...task, ...(call.body as object), version: task.version + 1 } as Task;
        tasks = tasks.map((t) => (t.id === id ? moved : t));
        return json(200, { data: moved });
      }
      return undefined;
    },
  );
  const rendered = renderPage(<TasksPage />, {
    path: '/tasks',
    url: options.url ?? '/tasks',
    user: options.user ?? {},
  });
  const lastList = () => queryOf(api.callsTo('GET /api/v1/tasks/').at(-1));
  const urlParams = () => Object.fromEntries(new URLSearchParams(rendered.router.state.location.search));
  return { ...api, ...rendered, lastList, urlParams };
}

type User = ReturnType<typeof setup>['user'];

async function choose(user: User, label: string, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const column = (status: string) => screen.getByRole('list', { name: `${status} tasks` });

async function openMenu(user: User, title: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
  return screen.findByRole('menu');
}

describe('the tasks list', () => {
  it('shows my tasks; I assigned, the filters and the search go to the API and stay in the URL', async () => {
    const { user, lastList, urlParams } = setup();
    await screen.findByText('Call the hotel about the late check-in');
    expect(Object.fromEntries(lastList())).toEqual({
      scope: 'mine',
      ordering: 'deadline',
      limit: '20',
      offset: '0',
    });
    // All is an Admin's
    expect(screen.queryByRole('radio', { name: 'All' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'I assigned' }));
    await waitFor(() => expect(lastList().get('scope')).toBe('assigned'));
    await choose(user, 'Status', 'Control');
    await choose(user, 'Priority', 'Urgent');
    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'visa{Enter}');
    await waitFor(() => expect(lastList().get('search')).toBe('visa'));
    expect(Object.fromEntries(lastList())).toEqual({
      scope: 'assigned',
      status: 'Control',
      priority: 'Urgent',
      overdue: 'true',
      search: 'visa',
      ordering: 'deadline',
      limit: '20',
      offset: '0',
    });
    expect(urlParams()).toEqual({
      scope: 'assigned',
      status: 'Control',
      priority: 'Urgent',
      overdue: 'true',
      search: 'visa',
    });

    // clearing the filters keeps what the page shows
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(urlParams()).toEqual({ scope: 'assigned' }));
    expect(screen.getByRole('radio', { name: 'I assigned' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Overdue only' })).not.toBeChecked();
  }, 15_000);

  it('offers an Admin every task, and reads the scope from a shared link', async () => {
    const { user, lastList } = setup({ user: ADMIN, url: '/tasks?scope=all' });
    await screen.findByText('Call the hotel about the late check-in');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(lastList().get('scope')).toBe('all');
    await user.click(screen.getByRole('radio', { name: 'Mine' }));
    await waitFor(() => expect(lastList().get('scope')).toBe('mine'));
  });

  it('marks overdue and urgent tasks, and links what a task is about', async () => {
    setup({
      tasks: [
        makeTask({ overdue: true, priority: 'Urgent', request: { id: 42, number: 'BSLF-2026-00042' } }),
      ],
    });
    const row = (await screen.findByText('Call the hotel about the late check-in')).closest('tr')!;
    expect(row).toHaveAttribute('data-overdue', 'true');
    expect(row.className).toMatch(/overdue/);
    // beside the title, the first cell (a phone shows little more), and once in the row
    expect(within(row.cells[0]!).getByTestId('overdue')).toHaveTextContent('Overdue');
    expect(within(row).getAllByTestId('overdue')).toHaveLength(1);
    expect(within(row).getByTestId('urgent')).toHaveTextContent('Urgent');
    expect(within(row).getByRole('link', { name: 'BSLF-2026-00042' })).toHaveAttribute(
      'href',
      '/requests/42',
    );
    expect(within(row).getByText('Boris Back')).toBeInTheDocument();
  });

  it('shows the tasks about the client a record panel links to, named in its filter', async () => {
    const { user, lastList, urlParams, callsTo } = setup({
      url: '/tasks?client=8',
      tasks: [makeTask({ client: { id: 8, name: 'Anna Petrova' } })],
    });
    await screen.findByText('Call the hotel about the late check-in');
    expect(lastList().get('client')).toBe('8');
    await waitFor(() => expect(callsTo('GET /api/v1/clients/')).toHaveLength(1));
    expect(await screen.findByRole('combobox', { name: 'Client' })).toHaveTextContent('Anna Petrova');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(urlParams()).toEqual({}));
    await waitFor(() => expect(lastList().get('client')).toBeNull());
  });

  it('says when I have no tasks', async () => {
    setup({ tasks: [] });
    expect(await screen.findByText('No tasks for you match these filters.')).toBeInTheDocument();
  });

  it('asks before deleting a task, and deletes it only when confirmed', async () => {
    const { user, callsTo } = setup();
    const menu = await openMenu(user, 'Call the hotel about the late check-in');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete task' });
    expect(dialog).toHaveTextContent('Delete the task Call the hotel about the late check-in?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete task' })).toBeNull());
    expect(callsTo('DELETE /api/v1/tasks/11/')).toHaveLength(0);

    await user.click(
      within(await openMenu(user, 'Call the hotel about the late check-in')).getByRole('menuitem', {
        name: 'Delete',
      }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Delete task' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(callsTo('DELETE /api/v1/tasks/11/')).toHaveLength(1));
    expect(await screen.findByText('No tasks for you match these filters.')).toBeInTheDocument();
  }, 15_000);

  it('deletes a task from its dialog, where Escape on the question keeps the task open', async () => {
    const { user, callsTo } = setup();
    await user.click(await screen.findByText('Call the hotel about the late check-in'));
    const task = await screen.findByRole('dialog', { name: 'Task' });
    await user.click(within(task).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'Delete task' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete task' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Task' })).toBeInTheDocument();

    await user.click(within(task).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete task' });
    await user.click(within(question).getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(callsTo('DELETE /api/v1/tasks/11/')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 15_000);

  it.each([404, 403])(
    'says a linked task answered %i is gone or not mine, and drops it from the URL',
    async (status) => {
      toastStore.clear();
      const { urlParams } = setup({ url: '/tasks?task=77&scope=assigned', detail: status });
      await waitFor(() => expect(urlParams()).toEqual({ scope: 'assigned' }));
      // one warning, and no "403 error" toast beside it
      expect(toastStore.getSnapshot().map((t) => [t.kind, t.message])).toEqual([
        ['warning', 'This task no longer exists or is not yours.'],
      ]);
      expect(await screen.findByText('Call the hotel about the late check-in')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      toastStore.clear();
    },
  );

  it('opens the task a notice links to', async () => {
    setup({ url: '/tasks?task=11' });
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Call the hotel about the late check-in',
    );
  });
});

describe('a new task', () => {
  it('says what is missing and sends nothing', async () => {
    const { user, callsTo } = setup();
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Assignee' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).getAllByText('Required field')).toHaveLength(2);

    // an hour without its day, or a link without its record, is not a deadline or a link
    await choose(user, 'Deadline hour', '09');
    await user.click(within(dialog).getByRole('radio', { name: 'Client' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Client' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Deadline' })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST /api/v1/tasks/')).toHaveLength(0);
  }, 15_000);

  it('sends the deadline as the instant of the local day and time, the minute in steps of five', async () => {
    const { user, callsTo } = setup();
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Send the visa letter ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Both passports');
    await choose(user, 'Assignee', /Boris Back/);
    await user.click(within(dialog).getByRole('radio', { name: 'Urgent' }));

    await dateFieldQueries(/^Deadline/).typeAndEnter(user, '15/01/2027');
    // a day picked first starts at the end of the working day
    expect(within(dialog).getByRole('combobox', { name: 'Deadline hour' })).toHaveTextContent('18');
    expect(within(dialog).getByRole('combobox', { name: 'Deadline minute' })).toHaveTextContent('00');
    await choose(user, 'Deadline hour', '09');
    await user.click(within(dialog).getByRole('combobox', { name: 'Deadline minute' }));
    const minutes = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(minutes).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
    await user.click(screen.getByRole('option', { name: '35' }));

    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(callsTo('POST /api/v1/tasks/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/tasks/')[0]?.body).toEqual({
      title: 'Send the visa letter',
      description: 'Both passports',
      priority: 'Urgent',
      status: 'Not started',
      assignee: BORIS.id,
      deadline: new Date(2027, 0, 15, 9, 35).toISOString(),
      request: null,
      client: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New task' })).toBeNull());
  }, 15_000);

  it('shows the server’s field message under its field', async () => {
    const { user } = setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') return json(400, { errors: { deadline: ['Invalid field value'] } });
        if (url.includes('managers/picker')) return json(200, listOf(STAFF).body);
        return json(200, pageOf([]).body);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Call');
    await user.click(within(dialog).getByRole('button', { name: 'Assign to me' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Deadline' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(within(dialog).getByText('Invalid field value')).toBeInTheDocument();
  });
});

describe('the board', () => {
  const board = '/tasks?view=board';

  it('moves a card from its menu with the version read, and shows it in its new column', async () => {
    const { user, callsTo } = setup({ url: board, tasks: [makeTask({ assignee: FRIDA, author: BORIS })] });
    await within(await screen.findByRole('list', { name: 'Not started tasks' })).findByText(
      'Call the hotel about the late check-in',
    );
    const menu = await openMenu(user, 'Call the hotel about the late check-in');
    await user.click(within(menu).getByRole('menuitem', { name: 'Move to In progress' }));
    await waitFor(() => expect(callsTo('PATCH /api/v1/tasks/11/')).toHaveLength(1));
    expect(callsTo('PATCH /api/v1/tasks/11/')[0]?.body).toEqual({ version: 3, status: 'In progress' });
    await waitFor(() =>
      expect(
        within(column('In progress')).getByText('Call the hotel about the late check-in'),
      ).toBeInTheDocument(),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('moved to In progress');
  });

  it('drags a card to a column it may go to, and puts it back when the server refuses', async () => {
    let refuse = true;
    const { callsTo } = setup({
      url: board,
      tasks: [makeTask({ assignee: FRIDA, author: BORIS, status: 'In progress' })],
      patch: () =>
        refuse
          ? json(400, {
              errors: [{ code: 'TASK_CONTROL_AUTHOR_ONLY', detail: 'Only the author may do that' }],
            })
          : undefined,
    });
    const card = (
      await within(await screen.findByRole('list', { name: 'In progress tasks' })).findByText(
        'Call the hotel about the late check-in',
      )
    ).closest('[draggable]')!;
    const target = (status: string) => document.querySelector(`[data-status="${status}"]`)!;

    fireEvent.dragStart(card);
    // the assignee hands over to Control; Completed is the author's
    expect(target('Control')).toHaveAttribute('data-drop', 'allowed');
    expect(target('Completed')).toHaveAttribute('data-drop', 'refused');
    fireEvent.dragOver(target('Completed'));
    fireEvent.drop(target('Completed'));
    expect(callsTo('PATCH /api/v1/tasks/11/')).toHaveLength(0);

    fireEvent.dragStart(card);
    fireEvent.dragOver(target('Control'));
    expect(target('Control')).toHaveAttribute('data-drop', 'over');
    fireEvent.drop(target('Control'));
    await waitFor(() => expect(callsTo('PATCH /api/v1/tasks/11/')).toHaveLength(1));
    expect(callsTo('PATCH /api/v1/tasks/11/')[0]?.body).toEqual({ version: 3, status: 'Control' });
    // refused: back in its column
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('was not moved'));
    expect(
      within(column('In progress')).getByText('Call the hotel about the late check-in'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Control tasks' })).toBeNull();

    refuse = false;
    fireEvent.dragStart(screen.getByText('Call the hotel about the late check-in').closest('[draggable]')!);
    fireEvent.dragOver(target('Control'));
    fireEvent.drop(target('Control'));
    await waitFor(() =>
      expect(
        within(column('Control')).getByText('Call the hotel about the late check-in'),
      ).toBeInTheDocument(),
    );
  });

  it('offers the author, and only the author, to accept or return a task in Control', async () => {
    const title = 'Call the hotel about the late check-in';
    // Frida (signed in) set it, Boris did it
    const first = setup({ url: board, tasks: [makeTask({ status: 'Control' })] });
    let menu = await openMenu(first.user, title);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Open', 'Return to In progress', 'Accept: Completed', 'Delete']);
    await first.user.click(within(menu).getByRole('menuitem', { name: 'Accept: Completed' }));
    await waitFor(() =>
      expect(first.callsTo('PATCH /api/v1/tasks/11/')[0]?.body).toEqual({ version: 3, status: 'Completed' }),
    );
    first.unmount();

    // Boris set it, Frida did it: it waits for Boris
    const second = setup({
      url: board,
      tasks: [makeTask({ status: 'Control', author: BORIS, assignee: FRIDA })],
    });
    expect(await screen.findByText('Waiting for Boris Back’s check')).toBeInTheDocument();
    menu = await openMenu(second.user, title);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Open']);
    expect(menu).toHaveTextContent('Waits for Boris Back’s check');
    expect(screen.getByText(title).closest('[data-testid="task-card"]')).toHaveAttribute(
      'draggable',
      'false',
    );
  });

  it('offers the assignee to send a done task to Control, in the task too', async () => {
    const { user, callsTo } = setup({
      url: board,
      tasks: [makeTask({ status: 'In progress', author: BORIS, assignee: FRIDA })],
    });
    await user.click(await screen.findByRole('button', { name: 'Call the hotel about the late check-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    // the author's fields are not the assignee's to change
    expect(within(dialog).queryByRole('textbox', { name: 'Title' })).toBeNull();
    expect(
      within(dialog).getByRole('heading', { name: 'Call the hotel about the late check-in' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not started', 'In progress', 'Control']);
    await user.click(screen.getByRole('option', { name: 'Control' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH /api/v1/tasks/11/')).toHaveLength(1));
    // only what changed, at the version read
    expect(callsTo('PATCH /api/v1/tasks/11/')[0]?.body).toEqual({ version: 3, status: 'Control' });
  });
});
