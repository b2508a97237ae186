/**
 * Who is in which channel, remembered for the socket's frequent frames (typing, read): a frame
 * for a channel the sender is not in must cost nothing, whatever channel id it names.
 *
 * Two maps, each bounded and least-recently-used first out: a user's channel ids (so a frame
 * with a random channel id is refused without a query once the sender's channels are known) and
 * a channel's member ids (whom typing and read events go to). Entries live `ttlMs`.
 *
 * The cache is per process. A membership change forgets the entries at once in the process that
 * made it, and in the others through the bus (`CHAT_MEMBERS_CHANGED`); should that message be lost
 * (Redis away), a removed member may still hear typing and read events from other processes, and
 * a new one go unheard there, for up to the TTL (5 s).
 */

export const CHAT_MEMBERS_TTL_MS = 5000;
/** Channels, and users, remembered at most. */
export const CHAT_MEMBERS_CACHE_MAX = 5000;

interface Entry {
  ids: Set<number>;
  until: number;
}

/** A Map kept in order of use: a hit moves to the end, the first key is the one to evict. */
function lruMap(max: number) {
  const map = new Map<number, Entry>();
  return {
    get(key: number): Entry | undefined {
      const hit = map.get(key);
      if (hit) {
        map.delete(key);
        map.set(key, hit);
      }
      return hit;
    },
    set(key: number, entry: Entry): void {
      map.delete(key);
      map.set(key, entry);
      while (map.size > max) map.delete(map.keys().next().value!);
    },
    delete: (key: number) => map.delete(key),
    get size() {
      return map.size;
    },
  };
}

export interface ChatMemberLoaders {
  /** The ids of a channel's members. */
  members(channelId: number): Promise<number[]>;
  /** The ids of the channels a user is in. */
  channelsOf(userId: number): Promise<number[]>;
}

export function createChatMemberCache(
  load: ChatMemberLoaders,
  { ttlMs = CHAT_MEMBERS_TTL_MS, max = CHAT_MEMBERS_CACHE_MAX, now = Date.now } = {},
) {
  const byChannel = lruMap(max);
  const byUser = lruMap(max);
  // Bumped by every `forget`: a read that started before it may have seen the old membership, so
  // its answer is used but not remembered.
  let epoch = 0;

  async function cached(
    store: ReturnType<typeof lruMap>,
    key: number,
    fetch: () => Promise<number[]>,
  ): Promise<Set<number>> {
    const hit = store.get(key);
    if (hit && hit.until > now()) return hit.ids;
    const started = epoch;
    const ids = new Set(await fetch());
    if (started === epoch) store.set(key, { ids, until: now() + ttlMs });
    return ids;
  }

  return {
    /** The channel's member ids when `userId` is one of them; null otherwise (no such channel included). */
    async membersFor(userId: number, channelId: number): Promise<Set<number> | null> {
      const mine = await cached(byUser, userId, () => load.channelsOf(userId));
      if (!mine.has(channelId)) return null;
      const members = await cached(byChannel, channelId, () => load.members(channelId));
      return members.has(userId) ? members : null;
    },

    /** After a change of the channel's members: forgets it and the channel lists of the users concerned. */
    forget(channelId: number, userIds: Iterable<number>): void {
      epoch += 1;
      byChannel.delete(channelId);
      for (const id of userIds) byUser.delete(id);
    },

    sizes: () => ({ channels: byChannel.size, users: byUser.size }),
  };
}

export type ChatMemberCache = ReturnType<typeof createChatMemberCache>;

/**
 * The bus message (never sent to a client: `server.` types stay on the server) telling every
 * process that a channel's members changed; `users` are those whose channel lists changed.
 */
export const CHAT_MEMBERS_CHANGED = 'server.chat.members';
export interface ChatMembersChangedData {
  chat_channel_id: number;
}
