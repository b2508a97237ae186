import { ActionIcon, Indicator } from '@mantine/core';
import type { Ref } from 'react';
import classes from './chat-dock.module.css';
import { ChatIcon } from './chat-icons.tsx';

/** The round chat button at the bottom right; its name carries the unread total. */
export function ChatLauncher({
  unread,
  expanded,
  panelId,
  onToggle,
  ref,
}: {
  unread: number;
  expanded: boolean;
  panelId: string;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className={classes.launcher}>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={18}
        disabled={unread === 0}
        offset={6}
        color="red"
      >
        <ActionIcon
          ref={ref}
          size={52}
          radius="xl"
          variant="filled"
          aria-label={unread > 0 ? `Chat, ${unread} unread` : 'Chat'}
          aria-expanded={expanded}
          aria-controls={expanded ? panelId : undefined}
          onClick={onToggle}
        >
          <ChatIcon name="chat" size={24} />
        </ActionIcon>
      </Indicator>
    </div>
  );
}
