import {
  type ClientFrame,
  ClientFrameSchema,
  SOCKET_CLOSE_UNAUTHORIZED,
  SOCKET_FRAME_MAX_BYTES,
  SOCKET_PATH,
  SOCKET_READ_THROTTLE_MS,
  SOCKET_TYPING_THROTTLE_MS,
} from '@app/shared';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import type { AuthUser } from '../auth-user.ts';
import type { ClientFrameHandler } from './client-frames.ts';
import type { EventBus } from './event-bus.ts';
import {
  createFrameRate,
  createReadThrottle,
  createTypingThrottle,
  createUserFrameRates,
  type RateOutcome,
} from './frame-limits.ts';
import { createSocketHub, type HubSocket, type SocketHub } from './socket-hub.ts';

/**
 * ws's own bound: a frame beyond it closes the connection (1009). Frames between
 * SOCKET_FRAME_MAX_BYTES and this are read, ignored and logged, and the socket stays up.
 */
export const SOCKET_MAX_PAYLOAD_BYTES = 64 * 1024;
/** Ping every socket this often; one that has not answered the previous ping is dropped. */
export const SOCKET_KEEPALIVE_MS = 30_000;
/** Sockets one user may hold in one process (tabs, devices); more are refused with 4429. */
export const SOCKETS_PER_USER_MAX = 50;
export const SOCKET_CLOSE_TOO_MANY = 4429;
/** On shutdown, clients get this long to answer the close before they are cut off. */
const CLOSE_GRACE_MS = 1000;
const OPEN = 1; // WebSocket.OPEN
const GOING_AWAY = 1001;
const TRY_AGAIN_LATER = 1013;

declare module 'fastify' {
  interface FastifyInstance {
    /** The sockets this process holds (counts for the health of the realtime side and the bench). */
    socketHub: SocketHub;
  }
}

export interface SocketPluginOptions {
  bus: EventBus;
  keepaliveMs?: number;
}

function bytesOf(raw: RawData): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}

/** The frame's claimed type, short, for the log line of a refused frame. */
function claimedType(value: unknown): string | undefined {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type.slice(0, 40) : undefined;
}

function tokenOf(query: unknown): string | null {
  const token = (query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/**
 * The socket of spec 4 and 7 at `/notifications/?token=...` (outside /api/v1): the token is
 * checked as the API checks it, a bad one closes with 4401; bus events go to the sockets of the
 * users they name as `{type, data}`; what a client sends is bounded (a frame rate per user over
 * all their sockets), parsed, throttled (typing and read markers per user and channel) and handed
 * to the handlers modules register with `app.useClientFrames`. A plain GET of the path is the web
 * app's page, so it falls through to the not-found handler that serves it.
 */
export const socketPlugin = fp(
  async (app: FastifyInstance, { bus, keepaliveMs = SOCKET_KEEPALIVE_MS }: SocketPluginOptions) => {
    const hub = createSocketHub(app.log);
    app.decorate('socketHub', hub);

    const frameHandlers = new Set<ClientFrameHandler>();
    app.decorate('useClientFrames', (handler: ClientFrameHandler) => {
      frameHandlers.add(handler);
    });
    const typing = createTypingThrottle(SOCKET_TYPING_THROTTLE_MS);
    const userRates = createUserFrameRates();
    const reads = createReadThrottle<AuthUser>(SOCKET_READ_THROTTLE_MS, (user, mark) =>
      dispatch(user, { type: 'chat.read', data: mark }, app.log),
    );

    const unsubscribe = bus.subscribe((event) => hub.deliver(event));
    const keepalive = setInterval(() => {
      hub.heartbeat();
      typing.sweep();
      userRates.sweep();
      reads.sweep();
    }, keepaliveMs).unref();

    await app.register(fastifyWebsocket, {
      options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES },
      // A client that goes away uncleanly is routine, not an error of the server.
      errorHandler(err, socket, request) {
        request.log.warn({ err }, 'socket error');
        socket.terminate();
      },
      preClose: async () => {
        clearInterval(keepalive);
        reads.close();
        unsubscribe();
        await closeAll(app.websocketServer.clients);
        await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
      },
    });

    function handleFrame(entry: HubSocket, raw: RawData, isBinary: boolean, log: FastifyBaseLogger): void {
      const userId = entry.user.id;
      const bytes = bytesOf(raw);
      if (bytes.length > SOCKET_FRAME_MAX_BYTES) {
        log.warn({ userId, bytes: bytes.length }, 'socket frame too large: ignored');
        return;
      }
      let value: unknown;
      try {
        if (isBinary) throw new Error('binary');
        value = JSON.parse(bytes.toString('utf8'));
      } catch {
        log.warn({ userId, bytes: bytes.length }, 'socket frame is not JSON: ignored');
        return;
      }
      const parsed = ClientFrameSchema.safeParse(value);
      if (!parsed.success) {
        log.warn({ userId, type: claimedType(value) }, 'socket frame of an unknown type or shape: ignored');
        return;
      }
      const frame: ClientFrame = parsed.data;
      if (frame.type === 'chat.typing' && !typing.allow(userId, frame.data.chat_channel_id)) return;
      if (frame.type === 'chat.read') {
        reads.offer(entry.user, frame.data);
        return;
      }
      dispatch(entry.user, frame, log);
    }

    /** Hands a frame to every registered handler. */
    function dispatch(user: AuthUser, frame: ClientFrame, log: FastifyBaseLogger): void {
      const userId = user.id;
      for (const handler of frameHandlers) {
        // A handler that throws, even before its promise, costs the frame, never the process.
        Promise.resolve()
          .then(() => handler(user, frame))
          .catch((err: unknown) => {
            log.error({ err, userId, type: frame.type }, 'socket frame handler failed');
          });
      }
    }

    function openSocket(socket: WebSocket, request: FastifyRequest): void {
      const log = request.log;
      const token = tokenOf(request.query);
      // Until the token is checked the user is unknown: the socket's own rate holds the frames that wait.
      const early = createFrameRate();
      let entry: HubSocket | null = null;
      let remove = () => {};
      socket.on('pong', () => {
        if (entry) entry.alive = true;
      });
      socket.on('close', () => remove());

      // Listeners go on before the token check (ws drops frames nobody listens to); frames that
      // come meanwhile wait for it, in order.
      const session = (token ? app.authenticateToken(token) : Promise.resolve(null)).then(
        (found) => ({ found, failed: false }),
        (err: unknown) => {
          log.error({ err }, 'socket token check failed');
          return { found: null, failed: true };
        },
      );
      socket.on('message', (raw, isBinary) => {
        const outcome: RateOutcome = entry ? userRates.take(entry.user.id) : early.take();
        if (outcome !== 'ok') {
          if (outcome === 'first-over')
            log.warn({ userId: entry?.user.id }, 'socket frames over the rate: dropped');
          return;
        }
        void session.then(() => {
          if (entry) handleFrame(entry, raw, isBinary, log);
        });
      });

      void session.then(({ found, failed }) => {
        if (socket.readyState !== OPEN) return; // the client left during the check
        if (failed) {
          // Not the token's fault (the database did not answer): the client may retry.
          socket.close(TRY_AGAIN_LATER, 'Try again later');
          return;
        }
        if (!found || found.user.temporary_password) {
          log.info({ reason: token ? 'bad token' : 'no token' }, 'socket refused');
          socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Unauthorized');
          return;
        }
        if (hub.countOf(found.user.id) >= SOCKETS_PER_USER_MAX) {
          log.warn({ userId: found.user.id }, 'socket refused: too many sockets for one user');
          socket.close(SOCKET_CLOSE_TOO_MANY, 'Too many sockets');
          return;
        }
        entry = { socket, user: found.user, tokenId: found.tokenId, alive: true };
        remove = hub.add(entry);
        hub.sendTo(entry, { type: 'socket.ready', data: {} });
      });
    }

    app.route({
      method: 'GET',
      url: SOCKET_PATH,
      schema: { hide: true },
      // A page load of /notifications is the web app's own route.
      handler: (_request, reply) => {
        reply.callNotFound();
      },
      wsHandler: openSocket,
    });
  },
  { name: 'realtime-socket', dependencies: ['access'] },
);

/** Closes every socket as the server goes away (1001), cutting off those that do not answer in time. */
async function closeAll(sockets: Set<WebSocket>): Promise<void> {
  const closed = [...sockets].map(
    (socket) =>
      new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close(GOING_AWAY, 'Server shutting down');
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(closed),
    new Promise((resolve) => {
      timer = setTimeout(resolve, CLOSE_GRACE_MS);
    }),
  ]);
  clearTimeout(timer);
  for (const socket of sockets) socket.terminate();
}
