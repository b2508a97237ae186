import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, installFakeWebSocket } from '../../test/fake-web-socket.ts';
import { setAccessToken } from '../session/access-token.ts';
import { isChannelOpen, openChannel, openChannelIds, setOpenChannels } from './open-channels.ts';
import { realtimeStatus, startRealtime, stopRealtime } from './realtime-connection.ts';
import { sendRealtime, subscribeRealtime } from './realtime-events.ts';

let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  installFakeWebSocket();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  stopRealtime();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the app's connection", () => {
  it('connects with the stored token and hands each type only its own data', () => {
    setAccessToken('tok-1');
    startRealtime();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/notifications/?token=tok-1`);
    socket.open();
    expect(realtimeStatus()).toBe('connected');

    const notifications = vi.fn();
    const messages = vi.fn();
    const offNotifications = subscribeRealtime('notification', notifications);
    subscribeRealtime('chat.message', messages)();
    socket.receive({ type: 'notification', data: { id: 5, type: 'NewTask', title: 'Call Ann' } });
    socket.receive({ type: 'chat.message', data: { id: 9, chat_channel_id: 2 } });
    socket.receive({ type: 'chat.typing', data: { chat_channel_id: 2 } });
    expect(notifications).toHaveBeenCalledTimes(1);
    expect(notifications).toHaveBeenCalledWith({ id: 5, type: 'NewTask', title: 'Call Ann' });
    expect(messages).not.toHaveBeenCalled(); // unsubscribed before
    offNotifications();
    socket.receive({ type: 'notification', data: { id: 6 } });
    expect(notifications).toHaveBeenCalledTimes(1);
  });

  it('sends through the seam while connected; after a stop it logs Send error! and sends nothing', () => {
    setAccessToken('tok-1');
    const stop = startRealtime();
    const socket = FakeWebSocket.latest();
    socket.open();
    sendRealtime({ type: 'chat.read', data: { chat_channel_id: 3, message_id: 4 } });
    expect(socket.sent).toHaveLength(1);
    stop();
    expect(socket.closedWith).toBe(1000);
    expect(realtimeStatus()).toBe('stopped');
    sendRealtime({ type: 'chat.typing', data: { chat_channel_id: 3 } });
    expect(errors).toHaveBeenCalledWith('Send error!');
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.made).toHaveLength(1);
  });

  it('makes no socket without a token', () => {
    startRealtime();
    expect(FakeWebSocket.made).toHaveLength(0);
    expect(realtimeStatus()).toBe('completed');
  });
});

describe('open channels (the chat UI keeps them)', () => {
  afterEach(() => setOpenChannels([]));

  it('counts openings, so two views of one channel close independently', () => {
    const closeDock = openChannel(4);
    const closePage = openChannel(4);
    expect(isChannelOpen(4)).toBe(true);
    closeDock();
    closeDock(); // closing twice counts once
    expect(isChannelOpen(4)).toBe(true);
    closePage();
    expect(isChannelOpen(4)).toBe(false);
    setOpenChannels([1, 2]);
    expect(openChannelIds()).toEqual([1, 2]);
  });
});
