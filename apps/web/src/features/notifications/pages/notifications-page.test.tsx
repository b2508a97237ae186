import type { Notification } from '@app/shared/notifications/notifications.schemas';
import type { CurrentUser } from '@app/shared/users/user.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/session/current-user.ts';
import { type ApiCall, fakeApi, json, queryOf, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { NotificationsPage } from './notifications-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const note = (patch: Partial<Notification> & { id: number }): Notification => ({
  type: 'NewTask',
  title: `Notification ${patch.id}`,
  data: {},
  read: false,
  read_at: null,
  created_at: '2026-03-02T09:30:00Z',
  ...patch,
});

const TASK = note({ id: 3, type: 'NewTask', title: 'New task: Call the hotel', data: { task_id: 12 } });
const REQUEST = note({ id: 2, type: 'NewRequest', title: 'Request TPRO-0042', data: { request_id: 42 } });
const OLD = note({
  id: 1,
  type: 'TaskDeadline',
  title: 'Visa papers due',
  read: true,
  read_at: '2026-03-01T10:00:00Z',
  created_at: '2026-03-01T08:00:00Z',
});

const page = (data: Notification[], meta: Partial<{ total: number; unread: number; offset: number }> = {}) =>
  json(200, {
    data,
    meta: {
      total: data.length,
      limit: 20,
      offset: 0,
      unread: data.filter((n) => !n.read).length,
      ...meta,
    },
  });

function setup(
  list: (call: ApiCall) => Response | Promise<Response>,
  options: { url?: string; notifyCounter?: number } = {},
) {
  const api = fakeApi({
    'GET /api/v1/notifications/': list,
    'POST /api/v1/notifications/3/read/': () => json(200, { data: { notify_counter: 1 } }),
    'POST /api/v1/notifications/read-all/': () => json(200, { data: { notify_counter: 0 } }),
  });
  const view = renderPage(<NotificationsPage />, {
    path: '/notifications',
    url: options.url ?? '/notifications',
    user: { notify_counter: options.notifyCounter ?? 2 },
    extraRoutes: { '/tasks': <p>tasks page</p>, '/requests/:id': <p>request page</p> },
  });
  const lists = () => api.calls.filter((c) => routeKey(c) === 'GET /api/v1/notifications/');
  const bell = () => view.client.getQueryData<CurrentUser>(currentUserKey)?.notify_counter;
  return { ...api, ...view, lists, lastQuery: () => queryOf(lists().at(-1)), bell };
}

const table = () => screen.getByRole('table', { name: 'Notifications' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Notifications page', () => {
  it('says it is loading, then lists newest first with the unread ones standing out', async () => {
    let release: (r: Response) => void = () => {};
    setup(() => new Promise<Response>((resolve) => (release = resolve)));
    expect(await screen.findByText('Loading notifications…')).toBeInTheDocument();
    release(page([TASK, REQUEST, OLD]));
    await screen.findByText('Call the hotel');
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-unread'))).toEqual(['true', 'true', null]);
    expect(rows[0]).toHaveTextContent('New task');
    expect(rows[1]).toHaveTextContent('New request');
    expect(rows[2]).toHaveTextContent('Task deadline');
    expect(within(rows[2]!).getByText('Read')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /Mark read/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
  });

  it('links a notification to its task or request, and opening it marks it read', async () => {
    const { user, router, calls } = setup(() => page([TASK, REQUEST, OLD]));
    expect(await screen.findByRole('link', { name: 'Call the hotel' })).toHaveAttribute(
      'href',
      '/tasks?task=12',
    );
    expect(screen.getByRole('link', { name: 'Request TPRO-0042' })).toHaveAttribute('href', '/requests/42');
    expect(screen.queryByRole('link', { name: 'Visa papers due' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Call the hotel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    expect(router.state.location.search).toBe('?task=12');
    await waitFor(() => expect(calls.map(routeKey)).toContain('POST /api/v1/notifications/3/read/'));
  });

  it('marks one read: the bell takes the answered count and the list is asked again', async () => {
    let read = false;
    const { user, calls, lists, bell } = setup(() =>
      page(read ? [{ ...TASK, read: true }, REQUEST, OLD] : [TASK, REQUEST, OLD]),
    );
    await screen.findByText('Call the hotel');
    read = true;
    await user.click(screen.getByRole('button', { name: 'Mark read: Call the hotel' }));
    await waitFor(() => expect(within(rowOf('Call the hotel')).getByText('Read')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map(routeKey)).toEqual([
      'POST /api/v1/notifications/3/read/',
    ]);
    expect(lists()).toHaveLength(2);
    expect(bell()).toBe(1);
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('marks all read, and then has nothing left to mark', async () => {
    let all = false;
    const { user, calls, bell } = setup(() =>
      page(all ? [TASK, REQUEST, OLD].map((n) => ({ ...n, read: true })) : [TASK, REQUEST, OLD]),
    );
    await screen.findByText('Call the hotel');
    all = true;
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByText('0 unread')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map(routeKey)).toEqual([
      'POST /api/v1/notifications/read-all/',
    ]);
    expect(bell()).toBe(0);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Mark read:/ })).not.toBeInTheDocument();
  });

  it('keeps keyboard focus on the page: the next row’s Mark read, then the heading', async () => {
    const read = new Set<number>();
    const { user } = setup(
      () => page([TASK, REQUEST, OLD].map((n) => ({ ...n, read: n.read || read.has(n.id) }))),
      {},
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const marked = /notifications\/(\d+)\/read\//.exec(url);
        if (marked) read.add(Number(marked[1]));
        if (url.includes('read-all')) for (const n of [TASK, REQUEST]) read.add(n.id);
        if (init?.method === 'POST') return json(200, { data: { notify_counter: 2 - read.size } });
        return page([TASK, REQUEST, OLD].map((n) => ({ ...n, read: n.read || read.has(n.id) })));
      }),
    );
    const first = await screen.findByRole('button', { name: 'Mark read: Call the hotel' });
    first.focus();
    await user.keyboard('{Enter}');
    const next = screen.getByRole('button', { name: 'Mark read: Request TPRO-0042' });
    expect(next).toHaveFocus();
    await waitFor(() => expect(within(rowOf('Call the hotel')).getByText('Read')).toBeInTheDocument());
    expect(next).toHaveFocus();
    // the last unread one: nothing after it, so the heading
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Notifications' })).toHaveFocus();
  });

  it('moves focus to the heading once all are marked read', async () => {
    let all = false;
    const { user } = setup(() =>
      page(all ? [TASK, REQUEST, OLD].map((n) => ({ ...n, read: true })) : [TASK, REQUEST, OLD]),
    );
    await screen.findByText('Call the hotel');
    all = true;
    screen.getByRole('button', { name: 'Mark all read' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled());
    expect(screen.getByRole('heading', { name: 'Notifications' })).toHaveFocus();
  });

  it('says a reminder’s timing once, above its task', async () => {
    setup(() =>
      page([
        note({
          id: 9,
          type: 'TaskDeadline',
          title: 'Task due within a day: Reconfirm the chauffeur',
          data: { task_id: 4 },
        }),
      ]),
    );
    const link = await screen.findByRole('link', { name: 'Reconfirm the chauffeur' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Task due within a day')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('Task deadline');
  });

  it('filters to unread ones with the filter kept in the URL, and says when there are none', async () => {
    const { user, router, lastQuery } = setup((call) =>
      queryOf(call).get('unread') === 'true' ? page([], { unread: 0 }) : page([OLD], { unread: 0 }),
    );
    await screen.findByText('Visa papers due');
    expect(Object.fromEntries(lastQuery())).toEqual({ limit: '20', offset: '0' });
    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(lastQuery().get('unread')).toBe('true'));
    expect(router.state.location.search).toBe('?show=unread');
    expect(await screen.findByText('No unread notifications.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Visa papers due')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens on the unread filter from the URL and says when there are no notifications at all', async () => {
    const { lastQuery } = setup(() => page([], { unread: 0 }), { url: '/notifications?show=unread' });
    expect(await screen.findByText('No unread notifications.')).toBeInTheDocument();
    expect(lastQuery().get('unread')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Unread' })).toBeChecked();
  });

  it('pages through the list on the server', async () => {
    const many = Array.from({ length: 20 }, (_, i) => note({ id: 100 - i, title: `Note ${100 - i}` }));
    const { user, lastQuery } = setup((call) =>
      page(many, { total: 45, unread: 45, offset: Number(queryOf(call).get('offset')) }),
    );
    await screen.findByText('Note 100');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery().get('offset')).toBe('20'));
    expect(lastQuery().get('limit')).toBe('20');
  });

  it('sets the bell to the unread count the page answers', async () => {
    const { bell } = setup(() => page([TASK], { unread: 5 }), { notifyCounter: 2 });
    await screen.findByText('Call the hotel');
    await waitFor(() => expect(bell()).toBe(5));
  });
});
