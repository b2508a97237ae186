import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { createLocalBus, type EventBus, type RealtimeEvent } from './event-bus.ts';

export interface RedisBusOptions {
  url: string;
  /** One pub/sub channel carries every event (deployments sharing a Redis use different ones). */
  channel: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long the start waits for Redis before giving up. */
  connectTimeoutMs?: number;
}

/** What travels on the channel: the event and the process that sent it. */
const WireSchema = z.object({
  origin: z.string(),
  users: z.array(z.number().int().positive()),
  message: z.object({ type: z.string().min(1).max(64), data: z.unknown() }),
});

/** The address without its password, for the log. */
function safeAddress(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.username = '';
    return u.toString();
  } catch {
    return 'redis';
  }
}

/** QUIT when Redis answers (pending publishes go out first), else drop the connection at once. */
async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    connection.quit().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, 1000);
    }),
  ]);
  clearTimeout(timer);
  connection.disconnect();
}

/**
 * The bus across processes (ARCHITECTURE.md, "Realtime and scale-out"): an event goes to this
 * process's sockets at once, and through Redis pub/sub to the other processes, which skip what
 * they sent themselves. Two connections, since a subscribing one can do nothing else. ioredis
 * reconnects and subscribes again by itself; an event published while Redis is away reaches this
 * process's sockets only (a socket event is worth nothing minutes late), and the loss is logged.
 */
export async function createRedisBus({
  url,
  channel,
  log,
  connectTimeoutMs = 10_000,
}: RedisBusOptions): Promise<EventBus> {
  const origin = randomUUID();
  const local = createLocalBus();
  const address = safeAddress(url);
  // A publish waits through a short outage only: a few retries, then it fails and is logged.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  let closing = false;

  for (const [role, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    // Without a listener ioredis would print errors itself; every failed reconnect lands here.
    connection.on('error', (err: Error) => {
      if (!closing) log.warn({ err, role, address }, 'redis bus connection error');
    });
    connection.on('reconnecting', () => {
      if (!closing) log.warn({ role, address }, 'redis bus reconnecting');
    });
  }
  let readyOnce = false;
  subscriber.on('ready', () => {
    if (readyOnce) log.info({ address, channel }, 'redis bus reconnected');
    readyOnce = true;
  });

  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    let wire: z.infer<typeof WireSchema>;
    try {
      const parsed = WireSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) throw parsed.error;
      wire = parsed.data;
    } catch {
      log.warn({ channel, bytes: raw.length }, 'redis bus: a message that is not an event was ignored');
      return;
    }
    if (wire.origin === origin) return;
    local.publish({ users: wire.users, message: wire.message });
  });

  const start = Promise.all([
    publisher.connect(),
    subscriber.connect().then(() => subscriber.subscribe(channel)),
  ]);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${connectTimeoutMs} ms`)), connectTimeoutMs);
  });
  try {
    await Promise.race([start, timeout]);
  } catch (err) {
    closing = true;
    publisher.disconnect();
    subscriber.disconnect();
    // REDIS_URL says the processes share events: running without would deliver silently less.
    throw new Error(`The realtime bus cannot reach Redis at ${address}: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    clearTimeout(timer);
  }

  return {
    kind: 'redis',
    publish(event: RealtimeEvent) {
      local.publish(event);
      const wire = JSON.stringify({ origin, users: event.users, message: event.message });
      publisher.publish(channel, wire).catch((err: unknown) => {
        log.error(
          { err, type: event.message.type, users: event.users.length },
          'redis bus: event not sent to the other processes',
        );
      });
    },
    subscribe: (handler) => local.subscribe(handler),
    async close() {
      closing = true;
      await local.close();
      await Promise.all([publisher, subscriber].map(closeConnection));
    },
  };
}
