import { isAdmin } from '@app/shared/auth/access';
import type { ChatChannel } from '@app/shared/chat/chat.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useChannelShower } from '../../../lib/realtime/open-channels.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { chatKeys } from '../api/chat-keys.ts';
import { useChatChannels } from '../api/list-channels.ts';
import { useChatRealtime } from '../hooks/use-chat-realtime.ts';
import { useDockWindows } from '../state/dock-state.ts';
import { useTypingUsers } from '../state/typing-state.ts';
import { useDockCapacity } from '../state/use-dock-capacity.ts';
import { ChannelListPanel } from './channel-list-panel.tsx';
import classes from './chat-dock.module.css';
import { ChatLauncher } from './chat-launcher.tsx';
import { ChatWindow } from './chat-window.tsx';
import { NewChatDialog } from './new-chat-dialog.tsx';

const NO_ONE: readonly { name: string }[] = [];

/**
 * The chat of the signed-in shell (spec 2.1 has no chat route): a launcher at the bottom right
 * with the unread total, the channel list above it, and chat windows docked along the bottom,
 * side by side as many as fit (one across the screen on a phone). The open windows are kept in
 * local storage, so they come back after a reload (not read until the user turns to them). Each
 * window shown (minimised too: its title counts what arrives) marks its channel open for the
 * realtime notices (lib/realtime/open-channels), whose "Open" comes back here to open a window.
 */
export function ChatDock() {
  const user = useSignedInUser();
  const client = useQueryClient();
  useChatRealtime(user.id);
  const typing = useTypingUsers(user.id);
  const dock = useDockWindows(user.id);
  const { narrow, capacity } = useDockCapacity();
  const channels = useChatChannels({});
  const [panelOpen, setPanelOpen] = useState(false);
  const [newChatOpen, setNewChatOpen] = useState(false);
  const [focusId, setFocusId] = useState<number | null>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  /** The windows brought back from the last visit that the user has not opened since. */
  const restored = useRef(new Set(dock.windows.open));

  const shown = dock.windows.open.slice(-capacity);
  const unread = (channels.data ?? []).reduce((sum, c) => sum + c.unread_count, 0);
  const windowUp = shown.some((id) => !dock.windows.minimised.includes(id));

  const closePanel = useCallback(() => {
    setPanelOpen(false);
    launcherRef.current?.focus();
  }, []);

  const openChannel = useCallback(
    (id: number) => {
      restored.current.delete(id);
      dock.open(id);
      setFocusId(id);
      setPanelOpen(false);
    },
    [dock.open],
  );
  useChannelShower(openChannel);

  const opened = (channel: ChatChannel) => {
    void client.invalidateQueries({ queryKey: chatKeys.channelLists });
    openChannel(channel.id);
  };

  return (
    <>
      <div className={classes.spacer} aria-hidden="true" />
      <div className={classes.dock}>
        {shown.map((id) => (
          <ChatWindow
            key={id}
            channelId={id}
            selfId={user.id}
            isAdmin={isAdmin(user)}
            minimised={dock.windows.minimised.includes(id)}
            typing={typing.get(id) ?? NO_ONE}
            autoFocus={focusId === id}
            restored={restored.current.has(id)}
            onClose={dock.close}
            onToggleMinimised={dock.toggleMinimised}
          />
        ))}
      </div>
      {narrow && windowUp ? null : (
        <ChatLauncher
          ref={launcherRef}
          unread={unread}
          expanded={panelOpen}
          panelId={panelId}
          onToggle={() => setPanelOpen((open) => !open)}
        />
      )}
      {panelOpen ? (
        <ChannelListPanel
          id={panelId}
          selfId={user.id}
          openIds={shown}
          launcherRef={launcherRef}
          onOpen={openChannel}
          onNewChat={() => {
            setPanelOpen(false);
            setNewChatOpen(true);
          }}
          onClose={closePanel}
        />
      ) : null}
      <NewChatDialog
        opened={newChatOpen}
        selfId={user.id}
        onClose={() => setNewChatOpen(false)}
        onCreated={opened}
      />
    </>
  );
}

export default ChatDock;
