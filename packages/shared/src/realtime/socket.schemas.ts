import { z } from 'zod';

/** The socket (spec 4, 7 and 9; API.md "Realtime"): path, reconnect rule and bounds. */
export const SOCKET_PATH = '/notifications/';
export const SOCKET_RECONNECT_INTERVAL_MS = 5000;
export const SOCKET_RECONNECT_ATTEMPTS = 10;
/** A bad or missing token closes the socket with this code. */
export const SOCKET_CLOSE_UNAUTHORIZED = 4401;
/** A frame from a client larger than this is ignored (and logged); the socket stays up. */
export const SOCKET_FRAME_MAX_BYTES = 4096;
/** At most one typing event per user and channel is passed on in this window. */
export const SOCKET_TYPING_THROTTLE_MS = 1000;
/** A read marker is moved at most once per user and channel in this window (the furthest asked for wins). */
export const SOCKET_READ_THROTTLE_MS = 1000;

/**
 * What the server sends. Beyond spec 7's four: `notification.read` (notifications read elsewhere,
 * so every tab's counter moves; data `NotificationReadEventData`) and `socket.ready` (sent once the
 * token is accepted and the socket receives events: a client refreshes what it may have missed
 * while disconnected).
 */
export const SERVER_EVENT_TYPES = [
  'notification',
  'notification.read',
  'chat.message',
  'chat.typing',
  'chat.read',
  'socket.ready',
] as const;
export type ServerEventType = (typeof SERVER_EVENT_TYPES)[number];

/** Every message on the socket: `{type, data}` (spec section 3). */
export interface SocketMessage<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** What the client may send: typing and read, for a channel it is a member of. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('chat.typing'),
    data: z.object({ chat_channel_id: z.number().int().positive() }),
  }),
  z.object({
    type: z.literal('chat.read'),
    data: z.object({
      chat_channel_id: z.number().int().positive(),
      message_id: z.number().int().positive().optional(),
    }),
  }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export interface TypingEventData {
  chat_channel_id: number;
  user: { id: number; name: string };
}

export interface ReadEventData {
  chat_channel_id: number;
  user_id: number;
  message_id: number;
}
