import { CHAT_MESSAGE_MAX, type ChatMessage } from '@app/shared/chat/chat.schemas';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import classes from './chat-dock.module.css';

/** Editing one's own message in place: Enter saves, Shift+Enter a new line, Escape cancels. */
export function MessageEditor({
  message,
  saving,
  failure,
  onSave,
  onCancel,
}: {
  message: ChatMessage;
  saving: boolean;
  /** Why the last save was refused ("Not saved: no connection. Try again."); the text stays. */
  failure: string | null;
  onSave: (body: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(message.body);
  const ref = useRef<HTMLTextAreaElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    // the editor is taller than the bubble: keep its buttons in view at the bottom of the history
    boxRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const save = () => {
    const body = text.trim();
    if (!body || saving) return;
    if (body === message.body) onCancel();
    else onSave(body);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <div className={classes.editor} ref={boxRef}>
      <Textarea
        ref={ref}
        aria-label="Edit message"
        autosize
        minRows={1}
        maxRows={6}
        maxLength={CHAT_MESSAGE_MAX}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={text.trim() ? undefined : 'A message cannot be empty; delete it instead.'}
      />
      {failure ? (
        <Text size="xs" c="red.8" mt={4} role="alert">
          {failure}
        </Text>
      ) : null}
      <Group gap={6} justify="flex-end" mt={4}>
        <Text size="xs" c="dimmed" style={{ flex: 1 }}>
          Enter saves · Esc cancels
        </Text>
        <Button size="compact-xs" variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button size="compact-xs" onClick={save} loading={saving} disabled={!text.trim()}>
          Save
        </Button>
      </Group>
    </div>
  );
}
