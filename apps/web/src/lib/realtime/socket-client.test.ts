import { SOCKET_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_INTERVAL_MS } from '@app/shared/realtime/socket.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, installFakeWebSocket } from '../../test/fake-web-socket.ts';
import { createSocketClient, type ServerMessage, type SocketStatus } from './socket-client.ts';
import { socketUrl } from './socket-url.ts';

const URL = 'ws://localhost:3000/notifications/?token=t1';

let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  installFakeWebSocket();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(url: () => string | null = () => URL) {
  const client = createSocketClient({ url });
  const messages: ServerMessage[] = [];
  const complete = vi.fn();
  const statuses: SocketStatus[] = [];
  client.subscribe({ next: (m) => messages.push(m), complete });
  client.subscribeStatus((s) => statuses.push(s));
  client.start();
  return { client, messages, complete, statuses };
}

const made = () => FakeWebSocket.made.length;

describe('the socket client (spec 4, 7 and 9)', () => {
  it('uses the spec constants: every 5000 ms, 10 attempts', () => {
    expect(SOCKET_RECONNECT_INTERVAL_MS).toBe(5000);
    expect(SOCKET_RECONNECT_ATTEMPTS).toBe(10);
  });

  it('connects to the URL and delivers {type, data} messages of the known types only', () => {
    const { client, messages } = setup();
    expect(FakeWebSocket.latest().url).toBe(URL);
    expect(client.status()).toBe('connecting');
    FakeWebSocket.latest().open();
    expect(client.status()).toBe('connected');

    FakeWebSocket.latest().receive({ type: 'notification', data: { id: 1 } });
    FakeWebSocket.latest().receive({ type: 'chat.message', data: { id: 2, chat_channel_id: 7 } });
    FakeWebSocket.latest().receive({ type: 'something.else', data: {} });
    FakeWebSocket.latest().receive('not json');
    FakeWebSocket.latest().receive('[1,2]');
    expect(messages).toEqual([
      { type: 'notification', data: { id: 1 } },
      { type: 'chat.message', data: { id: 2, chat_channel_id: 7 } },
    ]);
  });

  it('retries 5000 ms after a close, not earlier', () => {
    const { client } = setup();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().fail();
    expect(client.status()).toBe('disconnected');
    vi.advanceTimersByTime(SOCKET_RECONNECT_INTERVAL_MS - 1);
    expect(made()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(made()).toBe(2);
    expect(FakeWebSocket.latest().url).toBe(URL);
    expect(client.status()).toBe('connecting');
  });

  it('makes exactly 10 attempts 5000 ms apart while none succeeds, then completes and stops retrying', () => {
    const { client, complete, statuses } = setup();
    FakeWebSocket.latest().fail(); // the first connection never opens
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      vi.advanceTimersByTime(5000);
      expect(made()).toBe(1 + attempt);
      FakeWebSocket.latest().fail();
      expect(client.status()).toBe('disconnected');
    }
    expect(complete).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(client.status()).toBe('completed');
    expect(complete).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe('completed');
    vi.advanceTimersByTime(10 * 60_000);
    expect(made()).toBe(11);
    // a completed client does not start again: the next sign-in or page load makes a new one
    client.start();
    expect(made()).toBe(11);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('makes no attempt while a socket exists, even one still connecting', () => {
    const { client } = setup();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().fail();
    vi.advanceTimersByTime(5000);
    expect(made()).toBe(2); // the attempt, still connecting
    vi.advanceTimersByTime(5 * 5000);
    expect(made()).toBe(2);
    client.start();
    expect(made()).toBe(2);
    expect(client.status()).toBe('connecting');
    // when that one fails, the retries go on
    FakeWebSocket.latest().fail();
    vi.advanceTimersByTime(5000);
    expect(made()).toBe(3);
  });

  it('gives a socket that opened a fresh round of 10 attempts on its next close', () => {
    const { client } = setup();
    FakeWebSocket.latest().fail();
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      vi.advanceTimersByTime(5000);
      FakeWebSocket.latest().fail();
    }
    vi.advanceTimersByTime(5000);
    FakeWebSocket.latest().open(); // the 10th attempt gets through
    expect(client.status()).toBe('connected');
    FakeWebSocket.latest().fail();
    const before = made();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      vi.advanceTimersByTime(5000);
      FakeWebSocket.latest().fail();
    }
    expect(made()).toBe(before + 10);
    vi.advanceTimersByTime(5000);
    expect(client.status()).toBe('completed');
  });

  it('does not retry after the server refuses the token (close code 4401)', () => {
    const { client, complete } = setup();
    FakeWebSocket.latest().closeWith(4401);
    expect(client.status()).toBe('completed');
    expect(complete).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(made()).toBe(1);
  });

  it("logs 'Send error!' and sends nothing while disconnected; sends JSON when connected", () => {
    const { client } = setup();
    const socket = FakeWebSocket.latest();
    const frame = { type: 'chat.typing', data: { chat_channel_id: 7 } } as const;
    client.send(frame); // still connecting
    expect(errors).toHaveBeenCalledWith('Send error!');
    expect(socket.sent).toEqual([]);
    socket.open();
    client.send(frame);
    expect(socket.sent).toEqual([JSON.stringify(frame)]);
    socket.fail();
    errors.mockClear();
    client.send(frame);
    expect(errors).toHaveBeenCalledWith('Send error!');
    expect(socket.sent).toHaveLength(1);
  });

  it("only logs socket errors ('WebSocket error')", () => {
    const { client } = setup();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().onerror?.(new Event('error'));
    expect(errors).toHaveBeenCalledWith('WebSocket error');
    expect(client.status()).toBe('connected');
  });

  it('stops on request: closes the socket normally and never retries', () => {
    const { client, complete } = setup();
    const socket = FakeWebSocket.latest();
    socket.open();
    client.stop();
    expect(socket.closedWith).toBe(1000);
    expect(client.status()).toBe('stopped');
    expect(complete).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(made()).toBe(1);
  });

  it('completes without a socket when nobody is signed in any more', () => {
    let token: string | null = 't1';
    const { client } = setup(() => (token ? URL : null));
    FakeWebSocket.latest().fail();
    token = null;
    vi.advanceTimersByTime(5000);
    expect(made()).toBe(1);
    expect(client.status()).toBe('completed');
  });
});

describe('socketUrl (spec 7)', () => {
  it('is ws on localhost and wss everywhere else, with the token as a query parameter', () => {
    expect(socketUrl({ hostname: 'localhost', host: 'localhost:3000' }, 'a b')).toBe(
      'ws://localhost:3000/notifications/?token=a%20b',
    );
    expect(socketUrl({ hostname: '127.0.0.1', host: '127.0.0.1:3100' }, 'k')).toBe(
      'ws://127.0.0.1:3100/notifications/?token=k',
    );
    expect(socketUrl({ hostname: 'office.example.com', host: 'office.example.com' }, 'k')).toBe(
      'wss://office.example.com/notifications/?token=k',
    );
    // spec 7 says wss for any other host, a LAN address over plain http included
    expect(socketUrl({ hostname: '192.168.1.20', host: '192.168.1.20:3000' }, 'k')).toBe(
      'wss://192.168.1.20:3000/notifications/?token=k',
    );
  });
});
