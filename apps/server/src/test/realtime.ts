import { Writable } from 'node:stream';
import { SOCKET_PATH, type SocketMessage } from '@app/shared';
import { inject } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../platform/realtime/event-bus.ts';
import type { App } from '../platform/types.ts';
import { freshDatabase } from './databases.ts';
import { ROLE_EMAILS } from './harness.ts';
import { issueToken } from './tokens.ts';

/** How long a test waits for something that should come (no sleeps: this bounds a wait on an event). */
export const WAIT_MS = 5000;

export interface ListeningApp {
  app: App;
  database: Database;
  /** `ws://127.0.0.1:<port>/notifications/` */
  socketUrl: string;
  /** What the app logged, one JSON line each (info and up). */
  logLines: string[];
  /** The first log line (already written or to come) that contains `text`. */
  waitForLog(text: string): Promise<string>;
  token(role: keyof typeof ROLE_EMAILS): Promise<string>;
  close(): Promise<void>;
}

/** The real app on a database of its own, listening on a free port, its log captured. */
export async function listeningApp(
  opts: { bus?: EventBus; overrides?: Parameters<typeof testConfig>[0] } = {},
): Promise<ListeningApp> {
  const { database, dispose } = await freshDatabase(inject('pgTemplate'));
  const logLines: string[] = [];
  const logListeners = new Set<(line: string) => void>();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const line = String(chunk);
      logLines.push(line);
      for (const listener of [...logListeners]) listener(line);
      done();
    },
  });
  const app = await buildApp({
    config: testConfig(opts.overrides),
    database,
    mailer: { send: async () => {} },
    logger: { level: 'info', stream },
    ...(opts.bus && { bus: opts.bus }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    socketUrl: `ws://127.0.0.1:${port}${SOCKET_PATH}`,
    logLines,
    waitForLog(text) {
      const found = logLines.find((l) => l.includes(text));
      if (found) return Promise.resolve(found);
      return waitFor<string>(
        `a log line with "${text}"`,
        (check) => {
          logListeners.add(check);
          return () => logListeners.delete(check);
        },
        (line) => line.includes(text),
      );
    },
    token: (role) => issueToken(database.db, ROLE_EMAILS[role]),
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/** Resolves with the first value `test` accepts among what `subscribe` reports, or fails after `ms`. */
function waitFor<T>(
  what: string,
  subscribe: (check: (value: T) => void) => () => void,
  test: (value: T) => boolean,
  ms = WAIT_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
    }, ms);
    const stop = subscribe((value) => {
      if (!test(value)) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}

/** A `ws` client that keeps what it receives, so a test can wait for the next message of a kind. */
export interface TestSocket {
  ws: WebSocket;
  /** Every message received, in order. */
  received: SocketMessage[];
  /** The next message not yet taken (optionally of `type`); earlier ones of other types are skipped. */
  next(type?: string): Promise<SocketMessage>;
  /** The close code and reason, once the server (or the client) closed it. */
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  close(): Promise<void>;
}

export async function openSocket(url: string, token?: string | null): Promise<TestSocket> {
  const ws = new WebSocket(
    token === undefined || token === null ? url : `${url}?token=${encodeURIComponent(token)}`,
  );
  const received: SocketMessage[] = [];
  const listeners = new Set<(m: SocketMessage) => void>();
  let taken = 0;
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as SocketMessage;
    received.push(message);
    for (const listener of [...listeners]) listener(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    received,
    async next(type) {
      const matches = (m: SocketMessage) => type === undefined || m.type === type;
      for (let i = taken; i < received.length; i++) {
        if (matches(received[i]!)) {
          taken = i + 1;
          return received[i]!;
        }
      }
      const message = await waitFor<SocketMessage>(
        `a ${type ?? 'socket'} message`,
        (check) => {
          listeners.add(check);
          return () => listeners.delete(check);
        },
        matches,
      );
      taken = received.indexOf(message) + 1;
      return message;
    },
    closed,
    send(frame) {
      ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}

/** A socket whose token the server accepted: it is in the hub once `socket.ready` arrives. */
export async function readySocket(url: string, token: string): Promise<TestSocket> {
  const socket = await openSocket(url, token);
  await socket.next('socket.ready');
  return socket;
}
