import type { ClientFrame, ServerEventType } from '@app/shared';

/**
 * The app's one socket, seen by features: subscribe to a type of server message (only its `data`
 * is delivered, spec 7) and send a client frame. The connection itself (token, ws/wss, the 5000 ms
 * x 10 reconnect rule) lives in `socket-client.ts`; this file is the seam features build on.
 */
type Handler = (data: unknown) => void;
const handlers = new Map<ServerEventType, Set<Handler>>();
let sender: (frame: ClientFrame) => void = () => console.error('Send error!');

export function subscribeRealtime<T>(type: ServerEventType, handler: (data: T) => void): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler as Handler);
  return () => set.delete(handler as Handler);
}

/** Called by the socket client for every message it receives. */
export function dispatchRealtime(type: ServerEventType, data: unknown): void {
  for (const handler of handlers.get(type) ?? []) handler(data);
}

/** Sends a frame on the socket; while disconnected it logs 'Send error!' and sends nothing (spec 4). */
export function sendRealtime(frame: ClientFrame): void {
  sender(frame);
}

/** The socket client installs its sender while it runs. */
export function setRealtimeSender(send: (frame: ClientFrame) => void): void {
  sender = send;
}
