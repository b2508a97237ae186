import { useEffect } from 'react';

/**
 * The chat channels open on screen (spec 4, Chat: "the screen adds or removes channels from the
 * list of open channels").
 *
 * The chat UI owns this list; the realtime notices only read it. A `chat.message` for an open
 * channel goes straight into that channel's conversation (the chat UI subscribes to
 * `chat.message` itself); for a channel that is not open a notice of type message is raised as
 * well (`lib/realtime/chat-notices.ts`, through `isChannelOpen`).
 *
 * For the chat UI:
 * - `useOpenChannel(id)` in the component that shows a channel's messages: open while mounted and
 *   while `id` is not null (pass null while the view is closed or collapsed);
 * - or `openChannel(id)`, which returns the function that closes it again;
 * - or `setOpenChannels(ids)` for a screen that keeps the whole list itself.
 *
 * Opening is counted, so two views of one channel (a dock and a full page) close independently.
 *
 * The other way round, a notice's "Open" asks the chat UI to show a channel: the chat UI registers
 * how (`useChannelShower`, the dock opens a window) and the notice calls `showChannel(id)`.
 */
const counts = new Map<number, number>();
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** Marks `id` open; the returned function closes it again (once, however often it is called). */
export function openChannel(id: number): () => void {
  counts.set(id, (counts.get(id) ?? 0) + 1);
  emit();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    const left = (counts.get(id) ?? 1) - 1;
    if (left > 0) counts.set(id, left);
    else counts.delete(id);
    emit();
  };
}

/** Replaces the whole list (each id open once). */
export function setOpenChannels(ids: Iterable<number>): void {
  counts.clear();
  for (const id of ids) counts.set(id, 1);
  emit();
}

export function isChannelOpen(id: number): boolean {
  return counts.has(id);
}

export function openChannelIds(): number[] {
  return [...counts.keys()];
}

export function subscribeOpenChannels(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps channel `id` open while the calling component is mounted; null opens nothing. */
export function useOpenChannel(id: number | null | undefined): void {
  useEffect(() => {
    if (id == null) return;
    return openChannel(id);
  }, [id]);
}

let shower: ((id: number) => void) | null = null;

/** Asks the chat UI to show channel `id`; false when no chat UI is there to do it. */
export function showChannel(id: number): boolean {
  if (!shower) return false;
  shower(id);
  return true;
}

/** Whether a chat UI is there to show a channel (a notice offers "Open" only then). */
export function canShowChannels(): boolean {
  return shower !== null;
}

/** Registers how the calling component (the chat dock) shows a channel, while it is mounted. */
export function useChannelShower(show: (id: number) => void): void {
  useEffect(() => {
    shower = show;
    return () => {
      if (shower === show) shower = null;
    };
  }, [show]);
}
