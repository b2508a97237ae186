import {
  CHAT_MEMBERS_MAX,
  CHAT_MESSAGES,
  type ChatChannel,
  type ChatChannelListQuery,
  type ChatMessage,
  type ChatMessageListQuery,
  type ChatMessagePage,
  type ChatReadMarker,
  type CreateChatChannelValues,
  type EditChatMessageBody,
  isAdmin,
  type ListResult,
  type ReadEventData,
  type SendChatMessageBody,
  type TypingEventData,
} from '@app/shared';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthUser, Ctx } from '../../platform/auth-user.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/realtime/event-bus.ts';
import { toChatChannel, toChatMessage } from './chat.mappers.ts';
import {
  type ChannelRecord,
  type MemberRow,
  type MessageRow,
  chatRepository as repo,
} from './chat.repository.ts';
import {
  CHAT_MEMBERS_CHANGED,
  type ChatMembersChangedData,
  createChatMemberCache,
} from './chat-member-cache.ts';

const CHANNEL_NOT_FOUND = () => AppError.notFound('Chat channel');
const MESSAGE_NOT_FOUND = () => AppError.notFound('Chat message');
const MEMBER_NOT_FOUND = () => AppError.notFound('Chat member');
const NOT_MEMBER = () => AppError.forbidden(CHAT_MESSAGES.notMember);
const NOT_AUTHOR = () => AppError.forbidden(CHAT_MESSAGES.notAuthor);
const NOT_REMOVER = () => AppError.forbidden(CHAT_MESSAGES.notRemover);
const DIRECT_FIXED = () => new AppError('BAD_REQUEST', CHAT_MESSAGES.directFixed);
const DELETED_MESSAGE = () => new AppError('BAD_REQUEST', CHAT_MESSAGES.deletedMessage);
const DIRECT_PAIR = () => AppError.fields({ users: [CHAT_MESSAGES.directPair] });
const BODY_ID = () => AppError.fields({ id: [CHAT_MESSAGES.bodyIdMismatch] });
const TOO_MANY = (field: string) =>
  AppError.fields({ [field]: [CHAT_MESSAGES.tooManyMembers(CHAT_MEMBERS_MAX)] });
const INACTIVE = (field: string, ids: number[]) =>
  AppError.fields({ [field]: [CHAT_MESSAGES.inactiveUsers(ids)] });

const directKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

export function createChatService({ db }: { db: Db }) {
  // Typing and read frames ask who is in a channel: remembered per process (chat-member-cache.ts).
  const memberCache = createChatMemberCache({
    members: (channelId) => repo.memberIds(db, channelId),
    channelsOf: (userId) => repo.channelIdsOf(db, userId),
  });

  /**
   * Once `ex` commits, the cached membership of the channel and of `users` (those who joined or
   * left) is forgotten here and, through the bus, in every other process.
   */
  function membersChanged(ex: Executor, channelId: number, users: number[]): void {
    afterCommit(ex, () => memberCache.forget(channelId, users));
    const data: ChatMembersChangedData = { chat_channel_id: channelId };
    publishAfterCommit(ex, { users, message: { type: CHAT_MEMBERS_CHANGED, data } });
  }

  /** A new channel of `me` and `others`, all of them members with nothing read. */
  async function insertChannel(
    me: number,
    others: number[],
    values: { kind: 'direct' | 'group'; title: string; direct_key: string | null },
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const channel = await repo.insertChannel(tx, { ...values, created_by: me });
      const users = [me, ...others];
      await repo.addMembers(tx, channel.id, users, null);
      membersChanged(tx, channel.id, users);
      return channel.id;
    });
  }

  /** The channel as `userId` sees it (their marker and unread count), or null when they are not in it. */
  async function view(ex: Executor, channelId: number, userId: number): Promise<ChatChannel | null> {
    const { rows } = await repo.listChannels(ex, userId, { channelId, limit: 1, offset: 0 });
    const row = rows[0];
    if (!row) return null;
    return toChatChannel(row, await repo.membersOf(ex, [row.id]), userId);
  }

  /** 404 when there is no such channel, 403 when the user is not in it. */
  async function requireMember(ex: Executor, channelId: number, userId: number): Promise<ChannelRecord> {
    const found = await repo.channelFor(ex, channelId, userId);
    if (!found) throw CHANNEL_NOT_FOUND();
    if (!found.isMember) throw NOT_MEMBER();
    return found.channel;
  }

  /** The message and the ids of its channel's members; 403 unless `userId` is one of them. */
  async function messageForMember(ex: Executor, id: number, userId: number, lock = false) {
    const message = await repo.findMessage(ex, id, { lock });
    if (!message) throw MESSAGE_NOT_FOUND();
    const members = await repo.memberIds(ex, message.channel_id);
    if (!members.includes(userId)) throw NOT_MEMBER();
    return { message, members };
  }

  function publishMessage(ex: Executor, members: number[], message: ChatMessage): void {
    publishAfterCommit(ex, { users: members, message: { type: 'chat.message', data: message } });
  }

  async function checkActive(ids: number[], field: string): Promise<void> {
    const active = new Set(await repo.activeUserIds(db, ids));
    const missing = ids.filter((id) => !active.has(id));
    if (missing.length > 0) throw INACTIVE(field, missing);
  }

  /** Moves the marker forward and tells the channel's members (the reader's other tabs too). */
  async function advance(user: AuthUser, channelId: number, messageId: number, members: Iterable<number>) {
    const moved = await repo.advanceMarker(db, channelId, user.id, messageId);
    if (moved === null) return false;
    const data: ReadEventData = { chat_channel_id: channelId, user_id: user.id, message_id: moved };
    publishAfterCommit(db, { users: [...members], message: { type: 'chat.read', data } });
    return true;
  }

  return {
    async listChannels(ctx: Ctx, q: ChatChannelListQuery): Promise<ListResult<ChatChannel>> {
      const { rows, total } = await repo.listChannels(db, ctx.user.id, q);
      // every member of the page's channels in one read, not one per channel
      const byChannel = new Map<number, MemberRow[]>();
      for (const m of await repo.membersOf(
        db,
        rows.map((r) => r.id),
      )) {
        const list = byChannel.get(m.channel_id);
        if (list) list.push(m);
        else byChannel.set(m.channel_id, [m]);
      }
      return {
        data: rows.map((r) => toChatChannel(r, byChannel.get(r.id) ?? [], ctx.user.id)),
        meta: { total, limit: q.limit, offset: q.offset },
      };
    },

    async getChannel(ctx: Ctx, id: number): Promise<ChatChannel> {
      await requireMember(db, id, ctx.user.id);
      return (await view(db, id, ctx.user.id))!;
    },

    /**
     * A group with the caller and the named users; or the direct channel of the caller and one
     * other user, which exists at most once per pair (`created: false` answers the existing one).
     */
    async createChannel(
      ctx: Ctx,
      body: CreateChatChannelValues,
    ): Promise<{ channel: ChatChannel; created: boolean }> {
      const me = ctx.user.id;
      const others = body.users.filter((id) => id !== me);
      if (body.kind === 'direct') {
        if (others.length !== 1) throw DIRECT_PAIR();
        const key = directKey(me, others[0]!);
        const existing = await repo.findDirect(db, key);
        if (existing) return { channel: (await view(db, existing.id, me))!, created: false };
        await checkActive(others, 'users');
        try {
          const id = await insertChannel(me, others, { kind: 'direct', title: '', direct_key: key });
          return { channel: (await view(db, id, me))!, created: true };
        } catch (err) {
          // The other user opened the same pair at the same moment: theirs is the one.
          if (!isUniqueViolation(err)) throw err;
          const raced = await repo.findDirect(db, key);
          if (!raced) throw err;
          return { channel: (await view(db, raced.id, me))!, created: false };
        }
      }
      if (others.length + 1 > CHAT_MEMBERS_MAX) throw TOO_MANY('users');
      await checkActive(others, 'users');
      const id = await insertChannel(me, others, {
        kind: 'group',
        title: body.title ?? '',
        direct_key: null,
      });
      return { channel: (await view(db, id, me))!, created: true };
    },

    async listMessages(ctx: Ctx, channelId: number, q: ChatMessageListQuery): Promise<ChatMessagePage> {
      await requireMember(db, channelId, ctx.user.id);
      const { rows, hasMore } = await repo.listMessages(db, channelId, q);
      return { data: rows.map(toChatMessage), meta: { limit: q.limit, has_more: hasMore } };
    },

    async getMessage(ctx: Ctx, id: number): Promise<ChatMessage> {
      const { message } = await messageForMember(db, id, ctx.user.id);
      return toChatMessage(message);
    },

    /** Sent to every member, the author's other sockets included; the author has read it. */
    async send(ctx: Ctx, channelId: number, body: SendChatMessageBody): Promise<ChatMessage> {
      const me = ctx.user.id;
      return db.transaction(async (tx) => {
        const members = await repo.memberIds(tx, channelId);
        if (!members.includes(me)) {
          if (!(await repo.findChannel(tx, channelId))) throw CHANNEL_NOT_FOUND();
          throw NOT_MEMBER();
        }
        const row = await repo.insertMessage(tx, { channel_id: channelId, author_id: me, body: body.body });
        await repo.touchChannel(tx, channelId, row.id);
        await repo.advanceMarker(tx, channelId, me, row.id);
        const message = toChatMessage({ ...row, author_name: ctx.user.name });
        publishMessage(tx, members, message);
        return message;
      });
    },

    async edit(ctx: Ctx, id: number, body: EditChatMessageBody): Promise<ChatMessage> {
      if (body.id !== undefined && body.id !== id) throw BODY_ID();
      return db.transaction(async (tx) => {
        const { message, members } = await messageForMember(tx, id, ctx.user.id, true);
        if (message.author_id !== ctx.user.id) throw NOT_AUTHOR();
        if (message.deleted) throw DELETED_MESSAGE();
        const edited_at = new Date();
        await repo.updateMessage(tx, id, { body: body.body, edited_at });
        const edited = toChatMessage({ ...message, body: body.body, edited_at });
        publishMessage(tx, members, edited);
        return edited;
      });
    },

    /** Soft: the message keeps its place, its text is gone. Deleting it again changes nothing. */
    async delete(ctx: Ctx, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { message, members } = await messageForMember(tx, id, ctx.user.id, true);
        if (message.author_id !== ctx.user.id) throw NOT_AUTHOR();
        if (message.deleted) return;
        await repo.updateMessage(tx, id, { body: '', deleted: true });
        publishMessage(
          tx,
          members,
          toChatMessage({ ...message, body: '', deleted: true } satisfies MessageRow),
        );
      });
    },

    /** Marks everything up to this message read; the marker never moves back. */
    async markRead(ctx: Ctx, messageId: number): Promise<ChatReadMarker> {
      const { message, members } = await messageForMember(db, messageId, ctx.user.id);
      await advance(ctx.user, message.channel_id, message.id, members);
      const state = await repo.readState(db, message.channel_id, ctx.user.id);
      return { chat_channel_id: message.channel_id, user_id: ctx.user.id, ...state! };
    },

    /**
     * The socket's `chat.read`: up to `messageId` (a message of this channel) or to the newest.
     * Answers whether the marker moved; a frame for a channel the user is not in is dropped.
     */
    async markChannelRead(user: AuthUser, channelId: number, messageId?: number): Promise<boolean> {
      const ids = await memberCache.membersFor(user.id, channelId);
      if (!ids) return false;
      let upTo: number | null;
      if (messageId === undefined) upTo = (await repo.findChannel(db, channelId))?.last_message_id ?? null;
      else {
        const message = await repo.findMessage(db, messageId);
        upTo = message?.channel_id === channelId ? message.id : null;
      }
      return upTo === null ? false : advance(user, channelId, upTo, ids);
    },

    /** The socket's `chat.typing`, passed on to the channel's other members; dropped from a non-member. */
    async typing(user: AuthUser, channelId: number): Promise<boolean> {
      const ids = await memberCache.membersFor(user.id, channelId);
      if (!ids) return false;
      const data: TypingEventData = { chat_channel_id: channelId, user: { id: user.id, name: user.name } };
      const others = [...ids].filter((id) => id !== user.id);
      publishAfterCommit(db, { users: others, message: { type: 'chat.typing', data } });
      return true;
    },

    /** A membership change heard on the bus (from this process or another): forget what was cached. */
    forgetMembers(channelId: number, users: readonly number[]): void {
      memberCache.forget(channelId, users);
    },

    /** Any member adds someone to a group; they see its history, none of it unread. Adding a member again changes nothing. */
    async addUser(ctx: Ctx, channelId: number, userId: number): Promise<ChatChannel> {
      await db.transaction(async (tx) => {
        const channel = await repo.lockChannel(tx, channelId);
        if (!channel) throw CHANNEL_NOT_FOUND();
        const members = await repo.memberIds(tx, channelId);
        if (!members.includes(ctx.user.id)) throw NOT_MEMBER();
        if (channel.kind === 'direct') throw DIRECT_FIXED();
        if (members.includes(userId)) return;
        if (members.length >= CHAT_MEMBERS_MAX) throw TOO_MANY('user');
        if ((await repo.activeUserIds(tx, [userId])).length === 0) throw INACTIVE('user', [userId]);
        await repo.addMembers(tx, channelId, [userId], channel.last_message_id);
        membersChanged(tx, channelId, [userId]);
      });
      return (await view(db, channelId, ctx.user.id))!;
    },

    /** A member may leave; removing someone else is for the channel's creator or an Admin. */
    async removeUser(ctx: Ctx, channelId: number, userId: number): Promise<void> {
      const me = ctx.user;
      await db.transaction(async (tx) => {
        const channel = await repo.lockChannel(tx, channelId);
        if (!channel) throw CHANNEL_NOT_FOUND();
        const members = await repo.memberIds(tx, channelId);
        if (!members.includes(me.id)) throw NOT_MEMBER();
        if (channel.kind === 'direct') throw DIRECT_FIXED();
        if (userId !== me.id && channel.created_by !== me.id && !isAdmin(me)) throw NOT_REMOVER();
        if (!(await repo.removeMember(tx, channelId, userId))) throw MEMBER_NOT_FOUND();
        membersChanged(tx, channelId, [userId]);
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
