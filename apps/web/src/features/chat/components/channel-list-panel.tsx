import { Button, CloseButton, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useChatChannels } from '../api/list-channels.ts';
import { ChannelRow } from './channel-row.tsx';
import classes from './chat-dock.module.css';
import { ChatIcon } from './chat-icons.tsx';
import { LoadFailed } from './load-failed.tsx';

/** The search waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list of the user's chats above the launcher: search, unread counts, New chat. Escape or a
 * click outside closes it.
 */
export function ChannelListPanel({
  id,
  selfId,
  openIds,
  launcherRef,
  onOpen,
  onNewChat,
  onClose,
}: {
  id: string;
  selfId: number;
  openIds: readonly number[];
  launcherRef: RefObject<HTMLElement | null>;
  onOpen: (id: number) => void;
  onNewChat: () => void;
  onClose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useChatChannels(debounced ? { search: debounced } : {});

  useEffect(() => searchRef.current?.focus(), []);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || launcherRef.current?.contains(target)) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [onClose, launcherRef]);

  const channels = list.data ?? [];
  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Stack align="center" gap={6} py="lg">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading chats…
        </Text>
      </Stack>
    );
  } else if (list.isError) {
    content = <LoadFailed what="The chats" onRetry={() => void list.refetch()} />;
  } else if (channels.length === 0) {
    content = (
      <Text size="sm" c="dimmed" ta="center" py="lg" px="md">
        {debounced ? `No chats match “${debounced}”.` : 'No chats yet. Start one with New chat.'}
      </Text>
    );
  } else {
    content = (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {channels.map((channel) => (
          <ChannelRow
            key={channel.id}
            channel={channel}
            selfId={selfId}
            isOpen={openIds.includes(channel.id)}
            onOpen={onOpen}
          />
        ))}
      </ul>
    );
  }

  return (
    <div
      id={id}
      ref={panelRef}
      role="dialog"
      aria-label="Chats"
      className={classes.panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={classes.panelHeader}>
        <Text fw={700} style={{ flex: 1 }}>
          Chats
        </Text>
        <Button size="xs" leftSection={<ChatIcon name="plus" size={14} />} onClick={onNewChat}>
          New chat
        </Button>
        <CloseButton aria-label="Close chats" onClick={onClose} />
      </div>
      <div style={{ padding: '8px 12px 4px' }}>
        <TextInput
          aria-label="Search chats"
          placeholder="Search chats"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          ref={searchRef}
        />
      </div>
      <div className={classes.channelList}>{content}</div>
    </div>
  );
}
