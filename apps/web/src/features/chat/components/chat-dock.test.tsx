import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { raiseChatNotice } from '../../../lib/realtime/chat-notices.ts';
import { isChannelOpen } from '../../../lib/realtime/open-channels.ts';
import { dispatchRealtime } from '../../../lib/realtime/realtime-events.ts';
import { queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { dockStorageKey } from '../state/dock-state.ts';
import {
  BORIS,
  chatApi,
  DIRECT,
  DIRECT_HISTORY,
  FRIDA,
  GROUP,
  GROUP_HISTORY,
  message,
} from '../test/chat-fixtures.ts';
import { ChatDock } from './chat-dock.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const launcher = () => screen.getByRole('button', { name: /^Chat/ });
const chatWindow = (title: string) => screen.getByRole('region', { name: `Chat: ${title}` });
const findWindow = (title: string) => screen.findByRole('region', { name: `Chat: ${title}` });

async function openFromList(user: ReturnType<typeof renderPage>['user'], title: RegExp) {
  await user.click(launcher());
  const panel = await screen.findByRole('dialog', { name: 'Chats' });
  await user.click(await within(panel).findByRole('button', { name: title }));
}

describe('the chat dock', () => {
  it('names the unread total on the launcher, lists the chats and opens two side by side', async () => {
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    expect(await screen.findByRole('button', { name: 'Chat, 3 unread' })).toBeInTheDocument();

    await openFromList(user, /^Boris Back, 2 unread/);
    const direct = await findWindow('Boris Back');
    expect(await within(direct).findByText('Can you check the invoice?')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Chats' })).not.toBeInTheDocument();

    await openFromList(user, /^Ops team/);
    const group = await findWindow('Ops team');
    expect(await within(group).findByText('Stand-up moved to 10:30')).toBeInTheDocument();
    expect(chatWindow('Boris Back')).toBeInTheDocument();
    // the realtime notices see both as open; the windows survive a reload
    expect(isChannelOpen(1) && isChannelOpen(2)).toBe(true);
    expect(JSON.parse(localStorage.getItem(dockStorageKey(7))!)).toEqual({ open: [1, 2], minimised: [] });
    expect(api.callsTo('GET /api/v1/chat/channels/1/messages/')).toHaveLength(1);

    await user.click(within(direct).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('region', { name: 'Chat: Boris Back' })).not.toBeInTheDocument();
    expect(isChannelOpen(1)).toBe(false);
  });

  it('brings back the windows open before a reload, minimised ones minimised', async () => {
    localStorage.setItem(dockStorageKey(7), JSON.stringify({ open: [1, 2], minimised: [2] }));
    chatApi();
    const { user } = renderPage(<ChatDock />);
    const group = await findWindow('Ops team');
    expect(await within(await findWindow('Boris Back')).findByText('Hi Frida')).toBeInTheDocument();
    expect(within(group).queryByRole('log')).not.toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Expand chat' }));
    expect(await within(group).findByText('Noted')).toBeInTheDocument();
  });

  it('marks the newest message read when a window opens, with the message as the body', async () => {
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    await waitFor(() => expect(api.callsTo('POST /api/v1/chat/channels/messages/12/read/')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/chat/channels/messages/12/read/')[0]!.body).toEqual(DIRECT_HISTORY[0]);
    expect(await screen.findByRole('button', { name: 'Chat, 1 unread' })).toBeInTheDocument();
  });

  it('sends with Enter ({body}), keeps Shift+Enter as a new line, and shows the message once', async () => {
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    const box = within(win).getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'Checked{Shift>}{Enter}{/Shift}all fine{Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/v1/chat/channels/1/messages/')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/chat/channels/1/messages/')[0]!.body).toEqual({
      body: 'Checked\nall fine',
    });
    expect(box).toHaveValue('');
    await within(win).findByText(/Checked/);
    // the socket's echo of the same message is not shown twice
    act(() => dispatchRealtime('chat.message', message(100, 1, FRIDA, 'Checked\nall fine')));
    act(() => dispatchRealtime('chat.message', message(101, 1, BORIS, 'Thanks')));
    // the later message is shown, the echo is not a second copy
    await within(win).findByText('Thanks');
    expect(within(win).getAllByText(/Checked/)).toHaveLength(1);
  });

  it('puts an incoming message into its open window, in place on edit and delete, and counts other chats', async () => {
    chatApi();
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    await within(win).findByText('Hi Frida');

    const incoming = message(13, 1, BORIS, 'Also the bill');
    act(() => dispatchRealtime('chat.message', incoming));
    act(() => dispatchRealtime('chat.message', incoming));
    expect(await within(win).findAllByText('Also the bill')).toHaveLength(1);

    act(() =>
      dispatchRealtime('chat.message', {
        ...incoming,
        body: 'Also the bill, please',
        edited_at: '2026-03-02T11:00:00Z',
      }),
    );
    expect(await within(win).findByText('Also the bill, please')).toBeInTheDocument();
    expect(within(win).queryByText('Also the bill')).not.toBeInTheDocument();

    act(() => dispatchRealtime('chat.message', { ...incoming, body: '', deleted: true }));
    expect(await within(win).findByText('Message deleted')).toBeInTheDocument();

    // a message in the group, whose window is not open, adds to the unread total
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Chat, 1 unread'));
    act(() => dispatchRealtime('chat.message', message(22, 2, BORIS, 'Room 4 then')));
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Chat, 2 unread'));
  });

  it('lets the author edit (Enter saves, Esc cancels) and delete after a question; others get no controls', async () => {
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    await within(win).findByText('Morning');
    // only Frida's one message has controls
    expect(within(win).getAllByRole('button', { name: 'Edit message' })).toHaveLength(1);
    expect(within(win).getAllByRole('button', { name: 'Delete message' })).toHaveLength(1);
    const borisMessage = within(win).getByText('Hi Frida').closest('[data-message-id]') as HTMLElement;
    expect(within(borisMessage).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(win).getByRole('button', { name: 'Edit message' }));
    await user.type(within(win).getByRole('textbox', { name: 'Edit message' }), ' all{Escape}');
    expect(within(win).queryByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument();
    expect(api.callsTo('PATCH /api/v1/chat/channels/messages/10/')).toHaveLength(0);

    await user.click(within(win).getByRole('button', { name: 'Edit message' }));
    await user.type(within(win).getByRole('textbox', { name: 'Edit message' }), ' all{Enter}');
    await waitFor(() => expect(api.callsTo('PATCH /api/v1/chat/channels/messages/10/')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/v1/chat/channels/messages/10/')[0]!.body).toEqual({
      id: 10,
      body: 'Morning all',
    });
    expect(await within(win).findByText('Morning all')).toBeInTheDocument();
    expect(within(win).getByText(/edited/)).toBeInTheDocument();

    await user.click(within(win).getByRole('button', { name: 'Delete message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/chat/channels/messages/10/')).toHaveLength(1));
    expect(await within(win).findByText('Message deleted')).toBeInTheDocument();
    expect(within(win).queryByRole('button', { name: 'Edit message' })).not.toBeInTheDocument();
  });

  it('pages up through history with `before` the oldest shown when the top comes within 1.5 viewports', async () => {
    const older = message(5, 1, BORIS, 'An older word');
    const api = chatApi({
      history: (_, before) =>
        new Response(
          JSON.stringify(
            before === null
              ? { data: DIRECT_HISTORY, meta: { limit: 30, has_more: true } }
              : { data: [older], meta: { limit: 30, has_more: false } },
          ),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    await within(win).findByText('Morning');
    const log = within(win).getByRole('log', { name: 'Messages' });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 300 });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 2000 });

    // far from the top: nothing more is asked
    log.scrollTop = 1200;
    fireEvent.scroll(log);
    expect(api.callsTo('GET /api/v1/chat/channels/1/messages/')).toHaveLength(1);

    log.scrollTop = 400;
    fireEvent.scroll(log);
    expect(await within(win).findByText('An older word')).toBeInTheDocument();
    const pages = api.callsTo('GET /api/v1/chat/channels/1/messages/');
    expect(pages.map((c) => new URLSearchParams(c.url.split('?')[1]).get('before'))).toEqual([null, '10']);
    expect(within(win).getByText('Start of the conversation')).toBeInTheDocument();
  });

  it('shows who is typing for 3 s and tells the others, at most every 2 s, while Frida types', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { setRealtimeSender } = await import('../../../lib/realtime/realtime-events.ts');
    const frames: unknown[] = [];
    setRealtimeSender((frame) => frames.push(frame));
    chatApi();
    const { user } = renderPage(<ChatDock />, { fakeTimers: true });
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');

    act(() => dispatchRealtime('chat.typing', { chat_channel_id: 1, user: { id: 3, name: 'Boris Back' } }));
    expect(within(win).getByText('Boris Back is typing…')).toBeInTheDocument();
    // someone typing elsewhere is not shown here, nor is Frida herself
    act(() => dispatchRealtime('chat.typing', { chat_channel_id: 2, user: { id: 4, name: 'Anna Admin' } }));
    act(() => dispatchRealtime('chat.typing', { chat_channel_id: 1, user: { id: 7, name: 'Frida Olsen' } }));
    expect(within(win).getByText('Boris Back is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(within(win).queryByText(/is typing/)).not.toBeInTheDocument();

    await user.type(within(win).getByRole('textbox', { name: 'Message' }), 'On it');
    expect(frames).toEqual([{ type: 'chat.typing', data: { chat_channel_id: 1 } }]);
    setRealtimeSender(() => console.error('Send error!'));
  });

  it('says when a chat has no messages yet', async () => {
    chatApi({ channels: [{ ...GROUP, id: 3, title: 'Quiet room', last_message: null, unread_count: 0 }] });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Quiet room/);
    expect(
      await within(await findWindow('Quiet room')).findByText('No messages yet. Say hello.'),
    ).toBeInTheDocument();
  });

  it("lets a group's creator remove a member after a question; others may only leave", async () => {
    const api = chatApi({ channels: [DIRECT, { ...GROUP, created_by: 7 }] });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Ops team/);
    const win = await findWindow('Ops team');
    await user.click(within(win).getByRole('button', { name: 'Members' }));
    expect(within(win).getByRole('list', { name: 'Members' })).toHaveTextContent('Anna Admin');
    await user.click(within(win).getByRole('button', { name: 'Remove Boris Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/chat/channels/2/users/3/')).toHaveLength(1));
    expect(api.callsTo('GET /api/v1/chat/channels/2/').length).toBeGreaterThan(0);
    // a direct chat has no members panel
    await openFromList(user, /^Boris Back/);
    expect(within(await findWindow('Boris Back')).queryByRole('button', { name: 'Members' })).toBeNull();
  });

  it('marks a message read at once in the focused window, and counts it once the window lost the focus', async () => {
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    await waitFor(() => expect(within(win).getByRole('textbox', { name: 'Message' })).toHaveFocus());
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Chat, 1 unread'));

    act(() => dispatchRealtime('chat.message', message(13, 1, BORIS, 'One more thing')));
    await waitFor(() => expect(api.callsTo('POST /api/v1/chat/channels/messages/13/read/')).toHaveLength(1));
    expect(launcher()).toHaveAccessibleName('Chat, 1 unread');

    await user.click(launcher());
    act(() => dispatchRealtime('chat.message', message(14, 1, BORIS, 'And another')));
    expect(await within(win).findByText('And another')).toBeInTheDocument();
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Chat, 2 unread'));
    expect(within(win).getByLabelText('1 unread')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/chat/channels/messages/14/read/')).toHaveLength(0);

    // back in the window: read
    await user.click(within(win).getByRole('textbox', { name: 'Message' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/chat/channels/messages/14/read/')).toHaveLength(1));
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Chat, 1 unread'));
  });

  it('starts a direct chat with a colleague from New chat and opens it', async () => {
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    await user.click(await screen.findByRole('button', { name: 'New chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'New chat' });
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(within(dialog).getByText('Required field')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/chat/channels/')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Colleague' }));
    await user.click(await screen.findByRole('option', { name: /Boris Back/ }));
    // Frida is not offered to herself
    expect(
      new URLSearchParams(api.callsTo('GET /api/v1/chat/users/')[0]!.url.split('?')[1]).get('exclude'),
    ).toBe('7');
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/chat/channels/')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/chat/channels/')[0]!.body).toEqual({ kind: 'direct', users: [3] });
    expect(await findWindow('Boris Back')).toBeInTheDocument();
  });

  it('asks a group for its title and members before creating it', async () => {
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    await user.click(await screen.findByRole('button', { name: 'New chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'New chat' });
    await user.click(within(dialog).getByRole('radio', { name: 'Group' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getAllByText('Required field')).toHaveLength(2);

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Cruise desk');
    await user.click(within(dialog).getByRole('combobox', { name: /Members/ }));
    await user.click(await screen.findByRole('option', { name: /Anna Admin/ }));
    // every role is offered (an Accountant too), never Frida herself
    await user.click(await screen.findByRole('option', { name: /Arthur Accountant/ }));
    const asked = api.callsTo('GET /api/v1/chat/users/').map((c) => queryOf(c).getAll('exclude').join(','));
    expect(asked.every((exclude) => exclude.split(',').includes('7'))).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/chat/channels/')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/chat/channels/')[0]!.body).toEqual({
      kind: 'group',
      title: 'Cruise desk',
      users: [4, 5],
    });
  });

  it('offers an Admin account (type admin) Remove in a group someone else created', async () => {
    chatApi();
    const { user } = renderPage(<ChatDock />, { user: { type: 'admin', role: 'FO' } });
    await openFromList(user, /^Ops team/);
    const win = await findWindow('Ops team');
    await user.click(within(win).getByRole('button', { name: 'Members' }));
    expect(within(win).getByRole('button', { name: 'Remove Boris Back' })).toBeInTheDocument();
  });

  it("opens a chat from its notice's Open", async () => {
    chatApi();
    renderPage(<ChatDock />);
    await screen.findByRole('button', { name: 'Chat, 3 unread' });
    expect(raiseChatNotice(GROUP_HISTORY[0], 7)).toBe(true);
    const notice = toastStore.getSnapshot()[0]!;
    expect([notice.title, notice.message, notice.action?.label]).toEqual([
      'Anna Admin',
      'Stand-up moved to 10:30',
      'Open',
    ]);
    act(() => notice.action!.onClick());
    const win = await findWindow('Ops team');
    expect(await within(win).findByText('Stand-up moved to 10:30')).toBeInTheDocument();
    await waitFor(() => expect(within(win).getByRole('textbox', { name: 'Message' })).toHaveFocus());
    toastStore.clear();
  });

  it('lets a member who did not create the group leave it, and closes its window', async () => {
    const api = chatApi();
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Ops team/);
    const win = await findWindow('Ops team');
    await user.click(within(win).getByRole('button', { name: 'Members' }));
    expect(within(win).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.click(within(win).getByRole('button', { name: 'Leave the group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the group' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/chat/channels/2/users/7/')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Chat: Ops team' })).not.toBeInTheDocument(),
    );
  });
});
