import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import { ActionIcon, Tooltip } from '@mantine/core';
import { formatDateTime } from '../../../lib/format/format-date.ts';
import classes from './chat-dock.module.css';
import { ChatIcon } from './chat-icons.tsx';
import { MessageEditor } from './message-editor.tsx';
import { timeOfDay } from './message-preview.ts';

/**
 * One message. The author's own (not deleted) have Edit and Delete; nobody else's have controls.
 * A deleted message keeps its place, said so.
 */
export function MessageItem({
  message,
  own,
  showAuthor,
  editing,
  saving,
  failure,
  onEdit,
  onSave,
  onCancelEdit,
  onDelete,
}: {
  message: ChatMessage;
  own: boolean;
  showAuthor: boolean;
  editing: boolean;
  saving: boolean;
  /** Why the last save was refused, shown in the editor. */
  failure: string | null;
  onEdit: (message: ChatMessage) => void;
  onSave: (message: ChatMessage, body: string) => void;
  onCancelEdit: () => void;
  onDelete: (message: ChatMessage) => void;
}) {
  const canChange = own && !message.deleted;
  return (
    <div
      className={classes.message}
      data-own={own || undefined}
      data-deleted={message.deleted || undefined}
      data-message-id={message.id}
    >
      {showAuthor ? <div className={classes.messageAuthor}>{message.author.name}</div> : null}
      {editing && canChange ? (
        <MessageEditor
          message={message}
          saving={saving}
          failure={failure}
          onSave={(body) => onSave(message, body)}
          onCancel={onCancelEdit}
        />
      ) : (
        <div className={classes.bubbleRow}>
          <div className={classes.bubble}>
            {message.deleted ? 'Message deleted' : message.body}
            <span className={classes.meta} title={formatDateTime(message.created_at)}>
              {message.edited_at && !message.deleted ? 'edited · ' : ''}
              {timeOfDay(message.created_at)}
            </span>
          </div>
          {canChange ? (
            <div className={classes.messageActions}>
              <Tooltip label="Edit">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label="Edit message"
                  onClick={() => onEdit(message)}
                >
                  <ChatIcon name="edit" size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label="Delete message"
                  onClick={() => onDelete(message)}
                >
                  <ChatIcon name="trash" size={14} />
                </ActionIcon>
              </Tooltip>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
