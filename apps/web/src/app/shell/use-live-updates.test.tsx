import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openChannel, setOpenChannels } from '../../lib/realtime/open-channels.ts';
import { setAccessToken } from '../../lib/session/access-token.ts';
import { currentUserKey } from '../../lib/session/current-user.ts';
import { fakeApi, json, listOf } from '../../test/fake-api.ts';
import { FakeWebSocket, installFakeWebSocket } from '../../test/fake-web-socket.ts';
import { TestProviders, testQueryClient } from '../../test/providers.tsx';
import { makeUser } from '../../test/user-fixture.ts';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { RootLayout } from '../root-layout.tsx';
import { AppShellLayout } from './app-shell.tsx';

const ME = makeUser({ id: 7, name: 'Frida Olsen', notify_counter: 2 });
let api: ReturnType<typeof fakeApi>;
let serverCount = 2;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  serverCount = 2;
  api = fakeApi({
    'GET /api/v1/chat/channels/': () => listOf([]), // the chat dock's
    'GET /api/v1/users/me/': () => json(200, { data: { ...ME, notify_counter: serverCount } }),
  });
  installFakeWebSocket();
  setAccessToken('tok-frida');
  toastStore.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setOpenChannels([]);
  toastStore.clear();
});

function renderShell() {
  const client = testQueryClient();
  client.setQueryData(currentUserKey, ME);
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [
          {
            Component: AppShellLayout,
            children: [
              { path: '/requests', element: <p>requests</p> },
              { path: '/tasks', element: <p>tasks</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/requests'] },
  );
  const view = render(
    <TestProviders client={client}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  // React Query tells its observers on a timer tick (faked here)
  const receive = (message: unknown) =>
    act(() => {
      socket.receive(message);
      vi.advanceTimersByTime(0);
    });
  return { ...view, client, socket, receive, router };
}

const notices = () =>
  toastStore.getSnapshot().map((t) => ({ kind: t.kind, title: t.title, message: t.message }));
const passes = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('live updates in the authenticated shell', () => {
  it('opens the socket with the stored token and closes it when the shell goes', () => {
    const { socket, unmount } = renderShell();
    expect(socket.url).toMatch(/^ws:\/\/.+\/notifications\/\?token=tok-frida$/);
    unmount();
    expect(socket.closedWith).toBe(1000);
  });

  it('moves the bell on a notification event: to the count the server sends, else one more', () => {
    const { receive } = renderShell();
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    receive({ type: 'notification', data: { id: 40, type: 'TaskDeadline', title: 'Visa papers', data: {} } });
    expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    receive({
      type: 'notification',
      data: { id: 41, type: 'NewRequest', title: 'Request TPRO-0042', data: {}, notify_counter: 9 },
    });
    expect(screen.getByRole('link', { name: 'Notifications, 9 unread' })).toBeInTheDocument();
  });

  it('raises a notify notice for a new task that stays until closed; other kinds leave after 5000 ms', () => {
    const { receive } = renderShell();
    receive({
      type: 'notification',
      data: { id: 50, type: 'NewTask', title: 'New task: Call the hotel', data: { task_id: 3 } },
    });
    receive({ type: 'notification', data: { id: 51, type: 'TaskDeadline', title: 'Visa papers', data: {} } });
    expect(notices()).toEqual([
      { kind: 'info', title: 'Task deadline', message: 'Visa papers' },
      { kind: 'info', title: 'New task', message: 'Call the hotel' },
    ]);
    passes(5000 + 300 + 1);
    expect(notices()).toEqual([{ kind: 'info', title: 'New task', message: 'Call the hotel' }]);
    passes(10 * 60_000);
    expect(notices()).toHaveLength(1);
    const [sticky] = toastStore.getSnapshot();
    act(() => toastStore.dismiss(sticky!.id));
    passes(300);
    expect(notices()).toEqual([]);
  });

  it('offers to open the task a notice tells of (the toast runs it and closes)', () => {
    const { receive, router } = renderShell();
    receive({
      type: 'notification',
      data: { id: 52, type: 'NewTask', title: 'New task: Call the hotel', data: { task_id: 3 } },
    });
    receive({ type: 'notification', data: { id: 53, type: 'NewEmail', title: 'New email', data: {} } });
    // newest first: the email names no record, so it has nothing to open
    const [email, task] = toastStore.getSnapshot();
    expect(email?.action).toBeUndefined();
    expect(task?.action?.label).toBe('Open');
    act(() => task?.action?.onClick());
    expect(router.state.location.pathname + router.state.location.search).toBe('/tasks?task=3');
  });

  it('raises a message notice with the author and the message for a channel that is not open', () => {
    const { receive } = renderShell();
    const message = (id: number, channel: number, author = { id: 8, name: 'Boris Back' }) => ({
      type: 'chat.message',
      data: {
        id,
        chat_channel_id: channel,
        author,
        body: `Hello ${id}`,
        created_at: '2026-03-02T09:30:00Z',
        edited_at: null,
        deleted: false,
      },
    });
    const close = openChannel(4);
    receive(message(1, 4)); // open: the conversation shows it, no notice
    receive(message(2, 5)); // another channel: a notice
    receive(message(3, 5, { id: 7, name: 'Frida Olsen' })); // my own, from another tab
    close();
    receive(message(4, 4)); // closed now
    expect(notices()).toEqual([
      { kind: 'info', title: 'Boris Back', message: 'Hello 4' },
      { kind: 'info', title: 'Boris Back', message: 'Hello 2' },
    ]);
    passes(5000 + 300 + 1);
    expect(notices()).toEqual([]);
  });

  it('moves the bell down when notifications are read in another tab', () => {
    const { receive } = renderShell();
    receive({ type: 'notification.read', data: { id: null, notify_counter: 0 } });
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(notices()).toEqual([]);
  });

  it('reads the count again when the socket is accepted after a drop, not on the first acceptance', async () => {
    const { receive, socket } = renderShell();
    receive({ type: 'socket.ready', data: {} });
    expect(api.callsTo('GET /api/v1/users/me/')).toHaveLength(0);
    // the socket drops; meanwhile two notifications are stored that it never hears of
    serverCount = 4;
    act(() => socket.fail());
    const again = FakeWebSocket.made.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(FakeWebSocket.made.length).toBe(again + 1);
    act(() => FakeWebSocket.latest().open());
    act(() => {
      FakeWebSocket.latest().receive({ type: 'socket.ready', data: {} });
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument(),
    );
    expect(api.callsTo('GET /api/v1/users/me/')).toHaveLength(1);
  });

  it('says live updates are paused once the server refuses the token (4401), with a reload at hand', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { socket } = renderShell();
    expect(screen.queryByText('Live updates paused')).toBeNull();
    act(() => socket.closeWith(4401));
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('Live updates paused');
    act(() => within(note).getByRole('button', { name: 'Reload' }).click());
    expect(reload).toHaveBeenCalledOnce();
    reload.mockRestore();
  });

  it('says nothing while it retries, and that live updates are paused once the 10 attempts fail', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // 'WebSocket error', as the spec says
    const { socket } = renderShell();
    act(() => socket.fail());
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      passes(5000);
      expect(screen.queryByText('Live updates paused')).toBeNull();
      act(() => FakeWebSocket.latest().fail());
    }
    passes(5000);
    expect(screen.getByRole('status')).toHaveTextContent('Live updates paused');
    vi.mocked(console.error).mockRestore();
  });

  it('ignores typing and read events for notices and the bell', () => {
    const { receive } = renderShell();
    receive({ type: 'chat.typing', data: { chat_channel_id: 5, user: { id: 8, name: 'Boris Back' } } });
    receive({ type: 'chat.read', data: { chat_channel_id: 5, user_id: 8, message_id: 3 } });
    expect(notices()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });
});
