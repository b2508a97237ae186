import type { ChatChannel } from '@app/shared/chat/chat.schemas';
import { Avatar, Badge, Group, Text } from '@mantine/core';
import classes from './chat-dock.module.css';
import { lastMessageLine, shortWhen } from './message-preview.ts';

/** The other member of a direct channel (for its picture), or nobody for a group. */
const otherMember = (channel: ChatChannel, selfId: number) =>
  channel.kind === 'direct' ? channel.users.find((u) => u.id !== selfId) : undefined;

/** One channel in the list: picture, title, the last message, its time and the unread count. */
export function ChannelRow({
  channel,
  selfId,
  isOpen,
  onOpen,
}: {
  channel: ChatChannel;
  selfId: number;
  isOpen: boolean;
  onOpen: (id: number) => void;
}) {
  const other = otherMember(channel, selfId);
  const unread = channel.unread_count;
  return (
    <li>
      <button
        type="button"
        className={classes.channelRow}
        data-open={isOpen || undefined}
        aria-label={unread > 0 ? `${channel.title}, ${unread} unread` : channel.title}
        onClick={() => onOpen(channel.id)}
      >
        <Avatar
          src={other?.avatar ?? undefined}
          name={channel.title}
          color="initials"
          radius="xl"
          size={36}
        />
        <span className={classes.channelText}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={unread > 0 ? 700 : 500} truncate>
              {channel.title}
            </Text>
            {channel.last_message ? (
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                {shortWhen(channel.last_message.created_at)}
              </Text>
            ) : null}
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate>
              {lastMessageLine(channel, selfId)}
            </Text>
            {unread > 0 ? (
              <Badge size="sm" color="red" circle={unread < 10} style={{ flex: 'none' }}>
                {unread > 99 ? '99+' : unread}
              </Badge>
            ) : null}
          </Group>
        </span>
      </button>
    </li>
  );
}
