import type { ChatChannel, ChatMember, ChatMessage } from '@app/shared';
import type { ChannelRow, MemberRow, MessageRow } from './chat.repository.ts';

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chat_channel_id: row.channel_id,
    author: { id: row.author_id, name: row.author_name },
    // A deleted message keeps its place in the history, never its text.
    body: row.deleted ? '' : row.body,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
    deleted: row.deleted,
  };
}

export function toChatMember(row: MemberRow): ChatMember {
  return { id: row.id, name: row.name, avatar: row.avatar };
}

/** As `viewerId` sees it: a direct channel is titled by the other member's name. */
export function toChatChannel(row: ChannelRow, members: MemberRow[], viewerId: number): ChatChannel {
  const users = members.map(toChatMember);
  const other = users.find((u) => u.id !== viewerId);
  return {
    id: row.id,
    kind: row.kind === 'direct' ? 'direct' : 'group',
    title: row.kind === 'direct' ? (other?.name ?? row.title) : row.title,
    users,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    last_message: row.last_message ? toChatMessage(row.last_message) : null,
    last_read_message_id: row.last_read_message_id,
    unread_count: row.unread_count,
  };
}
