import { CHAT_MESSAGE_MAX } from '@app/shared/chat/chat.schemas';
import { ActionIcon, Textarea } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { sendRealtime } from '../../../lib/realtime/realtime-events.ts';
import { chatFailure } from '../api/chat-failure.ts';
import { useSendMessage } from '../api/send-message.ts';
import classes from './chat-dock.module.css';
import { ChatIcon } from './chat-icons.tsx';

/** The counter shows once this few characters are left. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 200;
/** At most one typing event per this many ms (the server passes on one a second anyway). */
export const CHAT_TYPING_SEND_MS = 2000;

/**
 * Enter sends, Shift+Enter starts a new line; typing tells the others, at most every 2 s. A message
 * that is not sent comes back into the box, with the reason under it.
 */
export function MessageComposer({ channelId, autoFocus }: { channelId: number; autoFocus: boolean }) {
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendMessage(channelId);
  const lastTyping = useRef(0);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const submit = () => {
    const body = text.trim();
    if (!body || send.isPending) return;
    // cleared at once; a refused message comes back into the box
    setText('');
    setFailure(null);
    send.mutate(body, {
      onError: (error) => {
        setText((now) => now || body);
        setFailure(chatFailure('Not sent', error));
      },
    });
    lastTyping.current = 0;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current >= CHAT_TYPING_SEND_MS) {
      lastTyping.current = now;
      sendRealtime({ type: 'chat.typing', data: { chat_channel_id: channelId } });
    }
  };

  const length = text.length;
  return (
    <div>
      <div className={classes.composer}>
        <Textarea
          ref={inputRef}
          className={classes.composerField}
          aria-label="Message"
          placeholder="Write a message…"
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <ActionIcon
          size="lg"
          aria-label="Send"
          onClick={submit}
          disabled={!text.trim()}
          loading={send.isPending}
        >
          <ChatIcon name="send" />
        </ActionIcon>
      </div>
      {failure ? (
        <div className={classes.failure} role="alert">
          {failure}
        </div>
      ) : null}
      {length >= COUNTER_FROM ? (
        <div
          className={classes.counter}
          data-full={length >= CHAT_MESSAGE_MAX || undefined}
          aria-live="polite"
        >
          {length} / {CHAT_MESSAGE_MAX}
        </div>
      ) : null}
    </div>
  );
}
