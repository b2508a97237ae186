import { ActionIcon, Badge, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { isHttpError } from '../../../lib/http/http-error.ts';
import { useOpenChannel } from '../../../lib/realtime/open-channels.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { isChannelGone } from '../api/chat-failure.ts';
import { useChatChannel } from '../api/get-channel.ts';
import { ChatConversation } from './chat-conversation.tsx';
import classes from './chat-dock.module.css';
import { ChatIcon } from './chat-icons.tsx';
import { MembersPanel } from './members-panel.tsx';

/**
 * One docked chat window, a labelled region: its title (a click minimises or expands it), the
 * members of a group, Minimise and Close; below, the conversation. While shown its channel counts
 * as open, so its messages come straight in rather than as notices. A window the user opens is
 * being read at once; one brought back from the last visit (`restored`) only once the user turns
 * to it. When the channel answers 403 or 404 (the user was removed, or it is gone) the window
 * closes and a toast says why.
 */
export function ChatWindow({
  channelId,
  selfId,
  isAdmin,
  minimised,
  typing,
  autoFocus,
  restored,
  onClose,
  onToggleMinimised,
}: {
  channelId: number;
  selfId: number;
  isAdmin: boolean;
  minimised: boolean;
  typing: readonly { name: string }[];
  autoFocus: boolean;
  restored: boolean;
  onClose: (id: number) => void;
  onToggleMinimised: (id: number) => void;
}) {
  useOpenChannel(channelId);
  const channel = useChatChannel(channelId);
  const [view, setView] = useState<'messages' | 'members'>('messages');
  // opening a window counts as reading it; after that, holding the focus does
  const [attentive, setAttentive] = useState(!restored);

  const data = channel.data;
  const title = data?.title ?? 'Chat';

  const gone = channel.isError && isChannelGone(channel.error);
  const goneStatus = gone && isHttpError(channel.error) ? channel.error.status : null;
  // a window brought back after a reload may never have had its channel's name
  const named = data ? `“${data.title}”` : null;
  useEffect(() => {
    if (goneStatus === null) return;
    const why =
      goneStatus === 404
        ? `${named ?? 'A chat that was open here'} no longer exists.`
        : `You are no longer in ${named ?? 'a chat that was open here'}.`;
    toast.warning(why, 'Chat closed');
    onClose(channelId);
  }, [goneStatus, channelId, onClose, named]);

  // expanding a window is opening it again
  const wasMinimised = useRef(minimised);
  useEffect(() => {
    if (wasMinimised.current && !minimised) setAttentive(true);
    wasMinimised.current = minimised;
  }, [minimised]);

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
