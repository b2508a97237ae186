import { vi } from 'vitest';

/**
 * A stand-in for the browser's WebSocket in tests (`installFakeWebSocket()` stubs the global):
 * every socket made is kept in `FakeWebSocket.made`, and the test drives it with `open()`,
 * `receive()`, `fail()` and `closeWith(code)`.
 */
export class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.made.at(-1);
    if (!socket) throw new Error('no socket was made');
    return socket;
  }

  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    this.readyState = 3;
    this.closedWith = code;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.({ data } as MessageEvent);
  }

  /** The server went away (or never answered): an error, then a close. */
  fail(code = 1006): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code } as CloseEvent);
  }

  closeWith(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

export function installFakeWebSocket(): typeof FakeWebSocket {
  FakeWebSocket.made = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
