import { ActionIcon, Badge, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { type FocusEvent, useEffect, useState } from 'react';
import { isHttpError } from '../../../lib/http/http-error.ts';
import { useOpenChannel } from '../../../lib/realtime/open-channels.ts';
import { useChatChannel } from '../api/get-channel.ts';
import { ChatConversation } from './chat-conversation.tsx';
import classes from './chat-dock.module.css';
import { ChatIcon } from './chat-icons.tsx';
import { MembersPanel } from './members-panel.tsx';

/**
 * One docked chat window, a labelled region: its title (a click minimises or expands it), the
 * members of a group, Minimise and Close; below, the conversation. While shown its channel counts
 * as open, so its messages come straight in rather than as notices.
 */
export function ChatWindow({
  channelId,
  selfId,
  isAdmin,
  minimised,
  typing,
  autoFocus,
  onClose,
  onToggleMinimised,
}: {
  channelId: number;
  selfId: number;
  isAdmin: boolean;
  minimised: boolean;
  typing: readonly { name: string }[];
  autoFocus: boolean;
  onClose: (id: number) => void;
  onToggleMinimised: (id: number) => void;
}) {
  useOpenChannel(channelId);
  const channel = useChatChannel(channelId);
  const [view, setView] = useState<'messages' | 'members'>('messages');
  // opening a window counts as reading it; after that, holding the focus does
  const [attentive, setAttentive] = useState(true);

  const gone = channel.isError && isHttpError(channel.error) && [403, 404].includes(channel.error.status);
  useEffect(() => {
    if (gone) onClose(channelId);
  }, [gone, channelId, onClose]);

  // expanding a window is opening it again
  useEffect(() => {
    if (!minimised) setAttentive(true);
  }, [minimised]);

  const data = channel.data;
  const title = data?.title ?? 'Chat';
  const unread = data?.unread_count ?? 0;
  const isGroup = data?.kind === 'group';
  const showMembers = isGroup && view === 'members';

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setAttentive(false);
  };

  return (
    <section
      className={classes.window}
      aria-label={`Chat: ${title}`}
      data-minimised={minimised || undefined}
      data-channel-id={channelId}
      onFocus={() => setAttentive(true)}
      onBlur={onBlur}
    >
      <header className={classes.windowHeader}>
        <button
          type="button"
          className={classes.windowTitle}
          aria-expanded={!minimised}
          title={minimised ? `Expand ${title}` : `Minimise ${title}`}
          onClick={() => onToggleMinimised(channelId)}
        >
          <span className={classes.windowTitleText}>{title}</span>
          {unread > 0 ? (
            <Badge size="sm" color="red" aria-label={`${unread} unread`}>
              {unread > 99 ? '99+' : unread}
            </Badge>
          ) : null}
        </button>
        {isGroup && !minimised ? (
          <Tooltip label={showMembers ? 'Back to messages' : 'Members'}>
            <ActionIcon
              variant="transparent"
              color="white"
              className={classes.headerButton}
              aria-label={showMembers ? 'Back to messages' : 'Members'}
              onClick={() => setView(showMembers ? 'messages' : 'members')}
            >
              <ChatIcon name={showMembers ? 'back' : 'members'} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label={minimised ? 'Expand' : 'Minimise'}>
          <ActionIcon
            variant="transparent"
            color="white"
            className={classes.headerButton}
            aria-label={minimised ? 'Expand chat' : 'Minimise chat'}
            onClick={() => onToggleMinimised(channelId)}
          >
            <ChatIcon name={minimised ? 'expand' : 'minimise'} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Close">
          <ActionIcon
            variant="transparent"
            color="white"
            className={classes.headerButton}
            aria-label="Close chat"
            onClick={() => onClose(channelId)}
          >
            <ChatIcon name="close" />
          </ActionIcon>
        </Tooltip>
      </header>
      {minimised ? null : !data ? (
        <Stack align="center" justify="center" gap={6} style={{ flex: 1 }}>
          {channel.isError ? (
            <Text size="sm" role="alert">
              The chat could not be loaded.
            </Text>
          ) : (
            <>
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Loading the chat…
              </Text>
            </>
          )}
        </Stack>
      ) : showMembers ? (
        <MembersPanel channel={data} selfId={selfId} isAdmin={isAdmin} onLeft={() => onClose(channelId)} />
      ) : (
        <ChatConversation
          channel={data}
          selfId={selfId}
          attentive={attentive}
          typing={typing}
          autoFocus={autoFocus}
        />
      )}
    </section>
  );
}
