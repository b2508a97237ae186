import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../test/env.ts';
import { WAIT_MS } from '../../test/realtime.ts';
import { createEventBus } from './create-bus.ts';
import type { EventBus, RealtimeEvent } from './event-bus.ts';
import { createRedisBus } from './redis-bus.ts';

const lines: Array<{ level: string; obj: unknown; msg: string }> = [];
const log = {
  info: (obj: unknown, msg: string) => void lines.push({ level: 'info', obj, msg }),
  warn: (obj: unknown, msg: string) => void lines.push({ level: 'warn', obj, msg }),
  error: (obj: unknown, msg: string) => void lines.push({ level: 'error', obj, msg }),
} as never;

const open: EventBus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
  lines.length = 0;
});

/** Collects what a bus hands its subscribers; `next()` waits for the next one. */
function listen(bus: EventBus) {
  const got: RealtimeEvent[] = [];
  const waiters: Array<() => void> = [];
  bus.subscribe((e) => {
    got.push(e);
    for (const w of waiters.splice(0)) w();
  });
  return {
    got,
    async count(n: number) {
      const deadline = Date.now() + WAIT_MS;
      while (got.length < n) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${n} events, got ${got.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, WAIT_MS);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return got;
    },
  };
}

describe('the bus without REDIS_URL', () => {
  it('is the in-process one, and says so in the log', async () => {
    const bus = await createEventBus({ redisUrl: undefined, redisChannel: 'unused' }, log);
    open.push(bus);
    expect(bus.kind).toBe('local');
    expect(lines[0]).toMatchObject({ level: 'info', obj: { bus: 'local' } });
  });
});

describe('a Redis that does not answer', () => {
  it('stops the start with a message naming the address, without the password', async () => {
    await expect(
      createRedisBus({ url: 'redis://:secret@127.0.0.1:1', channel: 'x', log, connectTimeoutMs: 2000 }),
    ).rejects.toThrow(/^The realtime bus cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
    await expect(
      createRedisBus({ url: 'redis://:secret@127.0.0.1:1', channel: 'x', log, connectTimeoutMs: 2000 }),
    ).rejects.not.toThrow(/secret/);
  });
});

describe.runIf(testRedisUrl)('the bus over Redis (REDIS_URL)', () => {
  const url = testRedisUrl!;
  const event = (n: number): RealtimeEvent => ({
    users: [1, 2],
    message: { type: 'notification', data: { n } },
  });

  async function two(channel = `test:${randomUUID()}`) {
    const a = await createEventBus({ redisUrl: url, redisChannel: channel }, log);
    const b = await createEventBus({ redisUrl: url, redisChannel: channel }, log);
    open.push(a, b);
    return { a, b, channel };
  }

  it("carries an event to the other process's subscribers, and to its own at once and only once", async () => {
    const { a, b } = await two();
    expect([a.kind, b.kind]).toEqual(['redis', 'redis']);
    expect(lines.find((l) => l.msg.includes('Redis pub/sub'))).toBeDefined();
    const [onA, onB] = [listen(a), listen(b)];
    a.publish(event(1));
    expect(onA.got).toEqual([event(1)]); // this process's sockets do not wait for Redis
    a.publish(event(2));
    b.publish(event(3));
    // Each process's own event first, the other's as Redis brings them (in the order sent).
    expect(await onB.count(3)).toEqual([event(3), event(1), event(2)]);
    expect(await onA.count(3)).toEqual([event(1), event(2), event(3)]);
  });

  it('keeps deployments on different channels apart', async () => {
    const first = await two();
    const second = await two();
    const [heard, unrelated] = [listen(first.b), listen(second.b)];
    second.a.publish(event(9));
    first.a.publish(event(1));
    expect(await heard.count(1)).toEqual([event(1)]);
    expect(await unrelated.count(1)).toEqual([event(9)]);
    expect(heard.got).toEqual([event(1)]);
  });

  it('ignores and logs a message on its channel that is not an event', async () => {
    const { a, b, channel } = await two();
    const onB = listen(b);
    const raw = new Redis(url);
    try {
      await raw.publish(channel, 'not json');
      await raw.publish(
        channel,
        JSON.stringify({ origin: 'x', users: ['1'], message: { type: 'notification' } }),
      );
    } finally {
      raw.disconnect();
    }
    a.publish(event(5));
    expect(await onB.count(1)).toEqual([event(5)]);
    expect(lines.filter((l) => l.level === 'warn' && l.msg.includes('not an event'))).toHaveLength(4); // a and b, twice
  });
});
