import type { ChatChannel, ChatMessage } from '@app/shared/chat/chat.schemas';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.tsx';
import { chatFailure, isChannelGone } from '../api/chat-failure.ts';
import { chatKeys } from '../api/chat-keys.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useEditMessage } from '../api/edit-message.ts';
import { historyOldestFirst, useChatHistory } from '../api/list-messages.ts';
import { isUnread, markChannelRead } from '../hooks/read-marker.ts';
import { useHistoryScroll } from '../hooks/use-history-scroll.ts';
import { usePageVisible } from '../hooks/use-page-visible.ts';
import { useUnreadStart } from '../hooks/use-unread-start.ts';
import { typingText } from '../state/typing-state.ts';
import classes from './chat-dock.module.css';
import { LoadFailed } from './load-failed.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageItem } from './message-item.tsx';
import { dayLabel, dayOf } from './message-preview.ts';

/**
 * A channel's conversation: its history (paging up as the top comes near), who is typing, and the
 * composer. It opens at the first unread message under a "New messages" divider. While the window
 * is being read (just opened by the user, or holding the focus) in a tab on screen, the messages
 * the reader has had in view are marked read, and no further.
 */
export function ChatConversation({
  channel,
  selfId,
  attentive,
  typing,
  autoFocus,
}: {
  channel: ChatChannel;
  selfId: number;
  attentive: boolean;
  typing: readonly { name: string }[];
  autoFocus: boolean;
}) {
  const client = useQueryClient();
  const history = useChatHistory(channel.id);
  const messages = historyOldestFirst(history.data);
  const newest = messages.at(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const visible = usePageVisible();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [editFailure, setEditFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const loadOlder = () => void history.fetchNextPage();

  const startId = useUnreadStart({
    loaded: history.isSuccess,
    messages,
    lastReadId: channel.last_read_message_id,
    selfId,
    pages: history.data?.pages.length ?? 0,
    hasOlder: history.hasNextPage,
    fetchingOlder: history.isFetchingNextPage,
    olderFailed: history.isFetchNextPageError,
    loadOlder,
  });

  const scroll = useHistoryScroll({
    ref: listRef,
    oldestId: messages[0]?.id,
    newestId: newest?.id,
    newestIsOwn: newest?.author.id === selfId,
    startId,
    canLoadOlder: history.hasNextPage && !history.isFetchingNextPage,
    loadOlder,
  });

  const seen = scroll.seenId === undefined ? undefined : messages.find((m) => m.id === scroll.seenId);
  useEffect(() => {
    if (!attentive || !visible || !seen || !isUnread(channel.last_read_message_id, seen)) return;
    void markChannelRead(client, seen);
  }, [attentive, visible, seen, channel.last_read_message_id, client]);

  // history refused as not a member (or gone): the channel is read again, and its window closes
  const historyGone = history.isError && isChannelGone(history.error);
  useEffect(() => {
    if (historyGone) void client.invalidateQueries({ queryKey: chatKeys.channel(channel.id) });
  }, [historyGone, client, channel.id]);

  const closeDelete = () => {
    setDeleting(null);
    setDeleteFailure(null);
  };

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <Stack align="center" gap={6} m="auto">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading messages…
        </Text>
      </Stack>
    );
  } else if (history.isError && messages.length === 0) {
    body = <LoadFailed what="The messages" inset onRetry={() => void history.refetch()} />;
  } else if (messages.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" m="auto" px="md">
        No messages yet. Say hello.
      </Text>
    );
  } else {
    body = (
      <>
        <div className={classes.historyEdge}>
          {history.isFetchingNextPage ? (
            <Loader size="xs" aria-label="Loading earlier messages" />
          ) : history.hasNextPage ? null : (
            <Text size="xs" c="dimmed">
              Start of the conversation
            </Text>
          )}
        </div>
        {messages.map((message, i) => {
          const before = messages[i - 1];
          const newDay = !before || dayOf(before.created_at) !== dayOf(message.created_at);
          const own = message.author.id === selfId;
          const showAuthor =
            !own && channel.kind === 'group' && (newDay || before?.author.id !== message.author.id);
          return (
            <Fragment key={message.id}>
              {newDay ? <div className={classes.day}>{dayLabel(message.created_at)}</div> : null}
              {message.id === startId ? (
                <div className={classes.unreadDivider} data-unread-divider>
                  New messages
                </div>
              ) : null}
              <MessageItem
                message={message}
                own={own}
                showAuthor={showAuthor}
                editing={editingId === message.id}
                saving={edit.isPending}
                failure={editingId === message.id ? editFailure : null}
                onEdit={(m) => {
                  setEditingId(m.id);
                  setEditFailure(null);
                }}
                onCancelEdit={() => setEditingId(null)}
                onSave={(m, text) => {
                  setEditFailure(null);
                  edit.mutate(
                    { id: m.id, body: text },
                    {
                      onSuccess: () => setEditingId(null),
                      onError: (error) => setEditFailure(chatFailure('Not saved', error, 'message')),
                    },
                  );
                }}
                onDelete={setDeleting}
              />
            </Fragment>
          );
        })}
      </>
    );
  }

  return (
    <>
      <div className={classes.body}>
        <div
          ref={listRef}
          className={classes.history}
          onScroll={scroll.onScroll}
          role="log"
          aria-label="Messages"
          aria-busy={history.isFetching || undefined}
        >
          {body}
        </div>
        {scroll.newBelow ? (
          <Button size="compact-xs" radius="xl" className={classes.newBelow} onClick={scroll.scrollToBottom}>
            New messages ↓
          </Button>
        ) : null}
      </div>
      <div className={classes.typing} aria-live="polite">
        {typingText(typing)}
      </div>
      <MessageComposer channelId={channel.id} autoFocus={autoFocus} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete message"
        confirmLabel="Delete"
        busy={remove.isPending}
        refusal={deleteFailure}
        onCancel={closeDelete}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: closeDelete,
            onError: (error) => setDeleteFailure(chatFailure('Not deleted', error, 'message')),
          })
        }
      >
        Delete this message for everyone in the chat? It shows as deleted.
      </ConfirmDialog>
    </>
  );
}
