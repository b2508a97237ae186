import { useEffect, useSyncExternalStore } from 'react';
import { ACCESS_TOKEN_KEY, getAccessToken } from '../session/access-token.ts';
import { dispatchRealtime, setRealtimeSender } from './realtime-events.ts';
import { createSocketClient, type SocketClient, type SocketStatus } from './socket-client.ts';
import { socketUrl } from './socket-url.ts';

/**
 * The app's one connection: its messages go to `dispatchRealtime` (features subscribe there), its
 * `send` becomes the seam's sender. Started by the authenticated shell, stopped when the shell
 * goes (logout reloads the page, which ends it too).
 */
let current: SocketClient | null = null;
let status: SocketStatus = 'idle';
const listeners = new Set<() => void>();

function setStatus(next: SocketStatus): void {
  status = next;
  for (const listener of [...listeners]) listener();
}

const notConnected = () => console.error('Send error!');

/** Starts a fresh connection (ending one that runs); returns the function that stops it. */
export function startRealtime(): () => void {
  current?.stop();
  const client = createSocketClient({
    url: () => {
      const token = getAccessToken();
      return token ? socketUrl(window.location, token) : null;
    },
  });
  current = client;
  client.subscribeStatus((next) => {
    if (current === client) setStatus(next);
  });
  client.subscribe({ next: (message) => dispatchRealtime(message.type, message.data) });
  setRealtimeSender((frame) => client.send(frame));
  client.start();
  return () => {
    client.stop();
    if (current !== client) return;
    current = null;
    setRealtimeSender(notConnected);
  };
}

/** Stops the connection, if one runs (logout). */
export function stopRealtime(): void {
  current?.stop();
  current = null;
  setRealtimeSender(notConnected);
}

export function realtimeStatus(): SocketStatus {
  return status;
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The connection's status, for a "reconnecting" hint or a resync after a drop. */
export function useRealtimeStatus(): SocketStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, realtimeStatus, realtimeStatus);
}

/**
 * Keeps the connection up while the calling component (the authenticated shell) is mounted.
 * A token removed by another tab's sign-out stops it here as well.
 */
export function useRealtimeConnection(): void {
  useEffect(() => {
    const stop = startRealtime();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (event.key === ACCESS_TOKEN_KEY && !event.newValue)) stop();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      stop();
    };
  }, []);
}
