import type { ChatMessage } from '@app/shared/chat/chat.schemas';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { raiseChatNotice } from './chat-notices.ts';
import { openChannel, setOpenChannels, useChannelShower } from './open-channels.ts';

const incoming: ChatMessage = {
  id: 40,
  chat_channel_id: 6,
  author: { id: 3, name: 'Boris Back' },
  body: 'Can you call the hotel?',
  created_at: '2026-03-02T10:00:00Z',
  edited_at: null,
  deleted: false,
};

afterEach(() => {
  toastStore.clear();
  setOpenChannels([]);
});

describe('chat message notices', () => {
  it('offers Open, which asks the chat UI to show the channel', () => {
    const show = vi.fn();
    const shower = renderHook(() => useChannelShower(show));
    expect(raiseChatNotice(incoming, 7)).toBe(true);
    const [notice] = toastStore.getSnapshot();
    expect([notice?.title, notice?.message, notice?.sticky]).toEqual([
      'Boris Back',
      'Can you call the hotel?',
      false,
    ]);
    notice?.action?.onClick();
    expect(show).toHaveBeenCalledWith(6);

    // without a chat UI on screen there is nothing to open
    shower.unmount();
    toastStore.clear();
    raiseChatNotice({ ...incoming, id: 41 }, 7);
    expect(toastStore.getSnapshot()[0]?.action).toBeUndefined();
  });

  it('raises none for an open channel, one’s own message, or an edit', () => {
    const close = openChannel(6);
    expect(raiseChatNotice(incoming, 7)).toBe(false);
    close();
    expect(raiseChatNotice(incoming, 3)).toBe(false);
    expect(raiseChatNotice({ ...incoming, edited_at: '2026-03-02T10:05:00Z' }, 7)).toBe(false);
    expect(toastStore.getSnapshot()).toEqual([]);
  });
});
