import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, listOf, queryOf } from '../../test/fake-api.ts';
import { renderPage } from '../../test/render.tsx';
import { RecordTasksPanel } from './record-tasks-panel.tsx';
import { BORIS, FRIDA, makeTask, pageOf } from './task-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const REQUEST = { id: 42, number: 'BSLF-2026-00042' };
const OPEN = makeTask({ id: 1, title: 'Send the vouchers', deadline: '2026-12-02T10:00:00.000Z' });
const SOON = makeTask({
  id: 2,
  title: 'Confirm the transfer',
  author: BORIS,
  assignee: FRIDA,
  deadline: '2026-11-30T10:00:00.000Z',
  overdue: true,
});
const DONE = makeTask({ id: 3, title: 'Book the hotel', status: 'Completed' });

function setup(user: object = {}, tasks = { mine: [SOON], assigned: [OPEN, DONE, SOON] }) {
  const api = fakeApi({
    'GET /api/v1/tasks/': (call) => {
      const scope = queryOf(call).get('scope') as 'mine' | 'assigned' | 'all';
      return pageOf(scope === 'all' ? [...tasks.assigned] : tasks[scope]);
    },
    'GET /api/v1/managers/picker/': () => listOf([{ id: BORIS.id, named: BORIS.name, extra: 'London' }]),
    'POST /api/v1/tasks/': (call) => json(201, { data: makeTask({ id: 9, ...(call.body as object) }) }),
  });
  const rendered = renderPage(<RecordTasksPanel request={REQUEST} />, { user });
  return { ...api, ...rendered };
}

describe('the tasks of a record', () => {
  it('lists the tasks about the request that I hold or set, open ones first by deadline', async () => {
    const { user, callsTo } = setup();
    const table = await screen.findByRole('table', { name: 'Tasks about this request' });
    const titles = () =>
      within(table)
        .getAllByRole('button', { name: /^Open task/ })
        .map((b) => b.textContent);
    expect(titles()).toEqual(['Confirm the transfer', 'Send the vouchers']);
    expect(within(table).getByTestId('overdue')).toBeInTheDocument();
    expect(callsTo('GET /api/v1/tasks/').map((c) => Object.fromEntries(queryOf(c)))).toEqual([
      { request: '42', ordering: 'deadline', limit: '50', offset: '0', scope: 'mine' },
      { request: '42', ordering: 'deadline', limit: '50', offset: '0', scope: 'assigned' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Show completed (1)' }));
    expect(titles()).toEqual(['Confirm the transfer', 'Send the vouchers', 'Book the hotel']);
  });

  it('opens a new task linked to the request', async () => {
    const { user, callsTo } = setup();
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    expect(within(dialog).getByRole('radio', { name: 'Request' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Request' })).toHaveTextContent(REQUEST.number);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Chase the deposit');
    await user.click(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: /Boris Back/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(callsTo('POST /api/v1/tasks/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/tasks/')[0]?.body).toMatchObject({
      title: 'Chase the deposit',
      assignee: BORIS.id,
      deadline: null,
      request: 42,
      client: null,
    });
  }, 15_000);

  it('shows an Admin every task of the request in one call, and says when there is none', async () => {
    const { callsTo } = setup({ id: 1, type: 'admin', role: 'Admin' }, { mine: [], assigned: [] });
    expect(await screen.findByText('No tasks about this request yet.')).toBeInTheDocument();
    expect(callsTo('GET /api/v1/tasks/').map((c) => queryOf(c).get('scope'))).toEqual(['all']);
  });

  it('tells someone who is not an Admin that none of their tasks are about it', async () => {
    setup({}, { mine: [], assigned: [] });
    expect(await screen.findByText('None of your tasks are about this request.')).toBeInTheDocument();
  });

  it('counts the tasks past the first page once, and links them in Tasks', async () => {
    // Mine: 5, two shown; I assigned: 3, all shown; one task (SELF) is both mine and set by me
    const SELF = makeTask({ id: 5, title: 'Pay the deposit', assignee: FRIDA, author: FRIDA });
    fakeApi({
      'GET /api/v1/tasks/': (call) => {
        const q = queryOf(call);
        if (q.get('scope') === 'mine' && q.get('author') === String(FRIDA.id)) return pageOf([SELF], 1);
        return q.get('scope') === 'mine' ? pageOf([SOON, SELF], 5) : pageOf([OPEN, SELF, DONE], 3);
      },
    });
    renderPage(<RecordTasksPanel request={REQUEST} />, { user: { id: FRIDA.id } });
    // 5 + 3 - 1 = 7 tasks, 4 of them here
    const more = await screen.findByRole('link', { name: 'and 3 more: see them in Tasks' });
    expect(more).toHaveAttribute('href', '/tasks?request=42');
  });

  it('links an Admin to every task of the client in Tasks', async () => {
    fakeApi({ 'GET /api/v1/tasks/': () => pageOf([OPEN], 60) });
    renderPage(<RecordTasksPanel client={{ id: 8, name: 'Anna Petrova' }} />, {
      user: { id: 1, type: 'admin', role: 'Admin' },
    });
    const more = await screen.findByRole('link', { name: 'and 59 more: see them in Tasks' });
    expect(more).toHaveAttribute('href', '/tasks?scope=all&client=8');
  });

  it('is not there for a role without tasks, and asks nothing', () => {
    const { calls } = setup({ role: 'Accountant' });
    expect(screen.queryByRole('heading', { name: 'Tasks' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
