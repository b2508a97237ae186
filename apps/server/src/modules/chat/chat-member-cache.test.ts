import { describe, expect, it } from 'vitest';
import { createChatMemberCache } from './chat-member-cache.ts';

/** Channel 1: users 10 and 11; channel 2: users 11 and 12. Every load is counted. */
function fixture(opts: { max?: number; ttlMs?: number } = {}) {
  const channels = new Map<number, number[]>([
    [1, [10, 11]],
    [2, [11, 12]],
  ]);
  const loads = { members: 0, channelsOf: 0 };
  let now = 1_000;
  const cache = createChatMemberCache(
    {
      async members(channelId) {
        loads.members += 1;
        return channels.get(channelId) ?? [];
      },
      async channelsOf(userId) {
        loads.channelsOf += 1;
        return [...channels].filter(([, ids]) => ids.includes(userId)).map(([id]) => id);
      },
    },
    { now: () => now, ...opts },
  );
  return { cache, channels, loads, tick: (ms: number) => (now += ms) };
}

describe('the chat member cache', () => {
  it('answers the members to a member, null to anyone else', async () => {
    const { cache } = fixture();
    expect(await cache.membersFor(10, 1)).toEqual(new Set([10, 11]));
    expect(await cache.membersFor(10, 2)).toBeNull();
    expect(await cache.membersFor(12, 1)).toBeNull();
  });

  it('refuses frames for any number of random channel ids with one query, the sender’s channels', async () => {
    const { cache, loads } = fixture();
    for (let id = 1000; id < 2000; id++) expect(await cache.membersFor(10, id)).toBeNull();
    expect(loads).toEqual({ members: 0, channelsOf: 1 });
    // and a member's frames cost the channel's members once
    for (let i = 0; i < 10; i++) await cache.membersFor(10, 1);
    expect(loads).toEqual({ members: 1, channelsOf: 1 });
  });

  it('reads again after the TTL', async () => {
    const { cache, loads, tick } = fixture({ ttlMs: 5000 });
    await cache.membersFor(10, 1);
    tick(4999);
    await cache.membersFor(10, 1);
    expect(loads).toEqual({ members: 1, channelsOf: 1 });
    tick(1);
    await cache.membersFor(10, 1);
    expect(loads).toEqual({ members: 2, channelsOf: 2 });
  });

  it('forgets a changed channel and the users who joined or left', async () => {
    const { cache, channels } = fixture();
    expect(await cache.membersFor(12, 1)).toBeNull();
    channels.set(1, [10, 11, 12]);
    expect(await cache.membersFor(12, 1)).toBeNull(); // still remembered
    cache.forget(1, [12]);
    expect(await cache.membersFor(12, 1)).toEqual(new Set([10, 11, 12]));
    channels.set(1, [10, 11]);
    cache.forget(1, [12]);
    expect(await cache.membersFor(12, 1)).toBeNull();
    expect(await cache.membersFor(10, 1)).toEqual(new Set([10, 11]));
  });

  it('does not remember a read that a change overtook', async () => {
    const { cache, channels, loads } = fixture();
    const reading = cache.membersFor(12, 1); // reads the old membership...
    channels.set(1, [10, 11, 12]);
    cache.forget(1, [12]); // ...while the change commits
    expect(await reading).toBeNull();
    expect(await cache.membersFor(12, 1)).toEqual(new Set([10, 11, 12]));
    expect(loads.channelsOf).toBe(2);
  });

  it('evicts the least recently used entries beyond its bound, not everything', async () => {
    const { cache, loads } = fixture({ max: 3 });
    for (const user of [10, 11, 12]) await cache.membersFor(user, 1);
    expect(cache.sizes()).toEqual({ channels: 1, users: 3 });
    await cache.membersFor(10, 1); // 10 used again: 11 is now the oldest
    await cache.membersFor(13, 1); // a fourth user: 11 goes
    expect(cache.sizes()).toEqual({ channels: 1, users: 3 });
    const before = loads.channelsOf;
    await cache.membersFor(10, 1);
    await cache.membersFor(12, 1);
    expect(loads.channelsOf).toBe(before);
    await cache.membersFor(11, 1);
    expect(loads.channelsOf).toBe(before + 1);
  });
});
