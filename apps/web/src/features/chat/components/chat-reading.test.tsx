import type { ChatChannel, ChatMessage } from '@app/shared/chat/chat.schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchRealtime } from '../../../lib/realtime/realtime-events.ts';
import { json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { dockStorageKey } from '../state/dock-state.ts';
import { BORIS, chatApi, DIRECT, DIRECT_HISTORY, GROUP, message } from '../test/chat-fixtures.ts';
import { fakeChatLayout } from '../test/fake-layout.ts';
import { ChatDock } from './chat-dock.tsx';

let undoLayout: (() => void) | null = null;
afterEach(() => {
  undoLayout?.();
  undoLayout = null;
  vi.unstubAllGlobals();
  toastStore.clear();
});

const launcher = () => screen.getByRole('button', { name: /^Chat/ });
const findWindow = (title: string) => screen.findByRole('region', { name: `Chat: ${title}` });
const page = (messages: ChatMessage[], hasMore = false) =>
  json(200, { data: messages, meta: { limit: 30, has_more: hasMore } });
const divider = (win: HTMLElement) =>
  within(win).queryByText('New messages', { selector: '[data-unread-divider]' });
const readCalls = (api: ReturnType<typeof chatApi>) =>
  api.calls.filter((c) => c.method === 'POST' && /\/messages\/\d+\/read\/$/.test(c.url)).map((c) => c.url);

async function openFromList(user: ReturnType<typeof renderPage>['user'], title: RegExp) {
  await user.click(launcher());
  const panel = await screen.findByRole('dialog', { name: 'Chats' });
  await user.click(await within(panel).findByRole('button', { name: title }));
}

describe('opening a chat with unread messages', () => {
  /** Channel 3: twenty messages from Boris, the first five read. */
  const LONG = Array.from({ length: 20 }, (_, i) => message(301 + i, 3, BORIS, `Line ${i + 1}`));
  const LONG_CHANNEL: ChatChannel = {
    ...DIRECT,
    id: 3,
    title: 'Long talk',
    last_message: LONG.at(-1)!,
    last_read_message_id: 305,
    unread_count: 15,
  };

  it('opens at the first unread under a "New messages" divider and marks read only what was in view', async () => {
    undoLayout = fakeChatLayout({ view: 300, item: 50 });
    const api = chatApi({
      channels: [LONG_CHANNEL],
      history: () => page([...LONG].reverse()),
    });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Long talk/);
    const win = await findWindow('Long talk');
    const log = await within(win).findByRole('log', { name: 'Messages' });
    await within(win).findByText('Line 20');

    expect(divider(win)?.nextElementSibling).toHaveAttribute('data-message-id', '306');
    // the first unread (the sixth, 250 px down) sits 40 px under the top, room for the divider
    expect(log.scrollTop).toBe(210);
    expect(within(win).getByRole('button', { name: 'New messages ↓' })).toBeInTheDocument();
    // messages 301-310 are wholly in view: read up to 310, not to the newest
    await waitFor(() => expect(readCalls(api)).toEqual(['/api/v1/chat/channels/messages/310/read/']));

    log.scrollTop = 700;
    fireEvent.scroll(log);
    await waitFor(() => expect(readCalls(api).at(-1)).toBe('/api/v1/chat/channels/messages/320/read/'));
    expect(within(win).queryByRole('button', { name: 'New messages ↓' })).not.toBeInTheDocument();
    // the divider stays where the unread began
    expect(divider(win)).toBeInTheDocument();
  });

  it('reads back older pages until the first unread is loaded', async () => {
    const newer = [...LONG.slice(10)].reverse();
    const older = [...LONG.slice(0, 10)].reverse();
    const api = chatApi({
      channels: [LONG_CHANNEL],
      history: (_, before) => (before === null ? page(newer, true) : page(older)),
    });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Long talk/);
    const win = await findWindow('Long talk');
    await waitFor(() => expect(divider(win)).toBeInTheDocument());
    expect(divider(win)?.nextElementSibling).toHaveAttribute('data-message-id', '306');
    const befores = api
      .callsTo('GET /api/v1/chat/channels/3/messages/')
      .map((c) => new URLSearchParams(c.url.split('?')[1]).get('before'));
    expect(befores).toEqual([null, '311']);
  });

  it('shows no divider when everything was read', async () => {
    chatApi({ channels: [{ ...DIRECT, last_read_message_id: 12, unread_count: 0 }] });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    await within(win).findByText('Can you check the invoice?');
    expect(divider(win)).not.toBeInTheDocument();
  });

  it('does not mark a window brought back from the last visit read until the user turns to it', async () => {
    localStorage.setItem(dockStorageKey(7), JSON.stringify({ open: [1], minimised: [] }));
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    const win = await findWindow('Boris Back');
    await within(win).findByText('Can you check the invoice?');
    expect(divider(win)).toBeInTheDocument();
    expect(launcher()).toHaveAccessibleName('Chat, 3 unread');
    expect(readCalls(api)).toEqual([]);

    await user.click(within(win).getByRole('textbox', { name: 'Message' }));
    await waitFor(() => expect(readCalls(api)).toEqual(['/api/v1/chat/channels/messages/12/read/']));
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Chat, 1 unread'));
  });
});

describe('after the socket was down', () => {
  it('reads the chats and the open windows again on socket.ready after the first, without marking unseen messages read', async () => {
    let history = DIRECT_HISTORY;
    let channels = [DIRECT, GROUP];
    const api = chatApi({
      channels: () => channels,
      history: (id) => page(id === 1 ? history : []),
    });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    await within(win).findByText('Can you check the invoice?');
    await waitFor(() => expect(readCalls(api)).toHaveLength(1));
    const lists = () => api.callsTo('GET /api/v1/chat/channels/').length;
    const histories = () => api.callsTo('GET /api/v1/chat/channels/1/messages/').length;

    // the first acceptance is the page's own start: nothing to catch up on
    act(() => dispatchRealtime('socket.ready', {}));
    const listsBefore = lists();
    expect(histories()).toBe(1);

    // the reader turns away; meanwhile Boris writes while the socket is down
    await user.click(document.body);
    const missed = message(13, 1, BORIS, 'Sent while you were away');
    history = [missed, ...DIRECT_HISTORY];
    channels = [{ ...DIRECT, last_message: missed, last_read_message_id: 12, unread_count: 1 }, GROUP];

    act(() => dispatchRealtime('socket.ready', {}));
    expect(await within(win).findByText('Sent while you were away')).toBeInTheDocument();
    expect(histories()).toBe(2);
    expect(lists()).toBeGreaterThan(listsBefore);
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Chat, 2 unread'));
    expect(readCalls(api)).toEqual(['/api/v1/chat/channels/messages/12/read/']);

    // back in the window: now it is read
    await user.click(within(win).getByRole('textbox', { name: 'Message' }));
    await waitFor(() => expect(readCalls(api).at(-1)).toBe('/api/v1/chat/channels/messages/13/read/'));
  });

  it('closes the window of a chat the user was removed from meanwhile, saying why', async () => {
    localStorage.setItem(dockStorageKey(7), JSON.stringify({ open: [2], minimised: [] }));
    let removed = false;
    chatApi({
      channels: () => (removed ? [DIRECT] : [DIRECT, GROUP]),
      first: (call) =>
        removed && call.url.startsWith('/api/v1/chat/channels/2/')
          ? json(403, { errors: { detail: 'You are not a member of this chat channel.' } })
          : undefined,
    });
    renderPage(<ChatDock />);
    const win = await findWindow('Ops team');
    await within(win).findByText('Noted');
    act(() => dispatchRealtime('socket.ready', {}));

    removed = true;
    act(() => dispatchRealtime('socket.ready', {}));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Chat: Ops team' })).not.toBeInTheDocument(),
    );
    expect(toastStore.getSnapshot().map((t) => [t.title, t.message])).toContainEqual([
      'Chat closed',
      'You are no longer in “Ops team”.',
    ]);
    expect(JSON.parse(localStorage.getItem(dockStorageKey(7))!)).toEqual({ open: [], minimised: [] });
  });
});
