import {
  type ClientFrame,
  SERVER_EVENT_TYPES,
  type ServerEventType,
  SOCKET_CLOSE_UNAUTHORIZED,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_INTERVAL_MS,
  type SocketMessage,
} from '@app/shared/realtime/socket.schemas';

/**
 * `connecting` and `connected` hold a socket; `disconnected` has none and is retrying;
 * `completed` gave up (attempts spent, or the server refused the token) and `stopped` was ended
 * by the app (logout, leaving the shell). Neither of the last two retries again: a new client
 * (the next sign-in or page load) starts afresh.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'completed' | 'stopped';

export type ServerMessage = SocketMessage<ServerEventType>;

/** Observable-like: `next` for each message, `complete` once when the client ends. */
export interface SocketObserver {
  next?: (message: ServerMessage) => void;
  complete?: () => void;
}

export interface SocketClientOptions {
  /** Read at every attempt (the token may have changed); null when nobody is signed in. */
  url: () => string | null;
  /** @default SOCKET_RECONNECT_INTERVAL_MS (5000, spec 9) */
  intervalMs?: number;
  /** @default SOCKET_RECONNECT_ATTEMPTS (10, spec 9) */
  attempts?: number;
}

export interface SocketClient {
  start(): void;
  stop(): void;
  /** Sends a frame when connected; otherwise logs 'Send error!' and sends nothing (spec 4). */
  send(frame: ClientFrame): void;
  status(): SocketStatus;
  subscribe(observer: SocketObserver): () => void;
  subscribeStatus(listener: (status: SocketStatus) => void): () => void;
}

const OPEN = 1; // WebSocket.OPEN, written out so a stand-in class without the constant works
const NORMAL_CLOSURE = 1000;
const KNOWN_TYPES: ReadonlySet<string> = new Set(SERVER_EVENT_TYPES);

/** A frame is `{type, data}` of a type the app knows; anything else is dropped. */
function parseMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, data } = value as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return null;
  return { type: type as ServerEventType, data };
}

/**
 * The one socket of spec 4 and 7. On a close it retries every `intervalMs`, up to `attempts`
 * times, while no socket exists (a tick that finds a socket, connecting or open, does nothing and
 * ends the round); when the attempts are spent the message stream and the status complete. A
 * socket that opens gives the next close a fresh round of attempts. A close with 4401 (a bad
 * token) is final: retrying with the same token cannot succeed.
 */
export function createSocketClient(options: SocketClientOptions): SocketClient {
  const intervalMs = options.intervalMs ?? SOCKET_RECONNECT_INTERVAL_MS;
  const maxAttempts = options.attempts ?? SOCKET_RECONNECT_ATTEMPTS;

  let socket: WebSocket | null = null;
  let status: SocketStatus = 'idle';
  let timer: ReturnType<typeof setInterval> | null = null;
  let attempts = 0;
  const observers = new Set<SocketObserver>();
  const statusListeners = new Set<(status: SocketStatus) => void>();

  const ended = () => status === 'completed' || status === 'stopped';

  function setStatus(next: SocketStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  function stopTimer(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  function retryLater(): void {
    if (timer === null) timer = setInterval(tick, intervalMs);
  }

  function tick(): void {
    if (socket) {
      // a socket exists: no attempt; its open or close decides what comes next
      stopTimer();
      return;
    }
    if (attempts >= maxAttempts) {
      end('completed');
      return;
    }
    attempts += 1;
    connect();
  }

  function drop(ws: WebSocket): void {
    ws.onopen = null;
    ws.onmessage = null;
    ws.onerror = null;
    ws.onclose = null;
    try {
      ws.close(NORMAL_CLOSURE);
    } catch {
      // already closing
    }
  }

  function end(final: 'completed' | 'stopped'): void {
    if (ended()) return;
    stopTimer();
    if (socket) drop(socket);
    socket = null;
    setStatus(final);
    for (const observer of [...observers]) observer.complete?.();
    observers.clear();
  }

  function connect(): void {
    const url = options.url();
    if (!url) {
      // signed out meanwhile: nothing to connect as
      end('completed');
      return;
    }
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      console.error('WebSocket error');
      setStatus('disconnected');
      retryLater();
      return;
    }
    socket = ws;
    setStatus('connecting');
    ws.onopen = () => {
      attempts = 0;
      stopTimer();
      setStatus('connected');
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parseMessage(event.data);
      if (!message) return;
      for (const observer of [...observers]) observer.next?.(message);
    };
    ws.onerror = () => {
      console.error('WebSocket error');
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === SOCKET_CLOSE_UNAUTHORIZED) {
        end('completed');
        return;
      }
      setStatus('disconnected');
      retryLater();
    };
  }

  return {
    start() {
      if (ended() || socket || timer !== null) return;
      connect();
    },
    stop() {
      end('stopped');
    },
    send(frame) {
      if (!socket || socket.readyState !== OPEN) {
        console.error('Send error!');
        return;
      }
      socket.send(JSON.stringify(frame));
    },
    status: () => status,
    subscribe(observer) {
      if (ended()) {
        observer.complete?.();
        return () => {};
      }
      observers.add(observer);
      return () => observers.delete(observer);
    },
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}
