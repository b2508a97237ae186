import { useCallback, useEffect, useState } from 'react';

/** The windows the dock keeps open, oldest first, and which of them are minimised. */
export interface DockWindows {
  open: number[];
  minimised: number[];
}

/** At most this many windows are kept open; opening one more closes the oldest. */
export const CHAT_DOCK_MAX_WINDOWS = 4;

const EMPTY: DockWindows = { open: [], minimised: [] };

/** Per user, so another person signing in on the same browser does not get someone else's windows. */
export const dockStorageKey = (userId: number) => `chat.dock.${userId}`;

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];

/** The saved windows; anything unreadable is an empty dock. */
export function readDockWindows(userId: number): DockWindows {
  try {
    const saved = JSON.parse(
      localStorage.getItem(dockStorageKey(userId)) ?? 'null',
    ) as Partial<DockWindows> | null;
    if (!saved) return EMPTY;
    const open = [...new Set(ids(saved.open))].slice(-CHAT_DOCK_MAX_WINDOWS);
    return { open, minimised: ids(saved.minimised).filter((id) => open.includes(id)) };
  } catch {
    return EMPTY;
  }
}

export function openWindow(state: DockWindows, id: number): DockWindows {
  const minimised = state.minimised.filter((m) => m !== id);
  if (state.open.includes(id)) return { ...state, minimised };
  const open = [...state.open, id].slice(-CHAT_DOCK_MAX_WINDOWS);
  return { open, minimised: minimised.filter((m) => open.includes(m)) };
}

export function closeWindow(state: DockWindows, id: number): DockWindows {
  return { open: state.open.filter((o) => o !== id), minimised: state.minimised.filter((m) => m !== id) };
}

export function toggleMinimised(state: DockWindows, id: number): DockWindows {
  const minimised = state.minimised.includes(id)
    ? state.minimised.filter((m) => m !== id)
    : [...state.minimised, id];
  return { ...state, minimised };
}

/** The dock's windows, saved in local storage so they survive a reload. */
export function useDockWindows(userId: number) {
  const [windows, setWindows] = useState<DockWindows>(() => readDockWindows(userId));

  useEffect(() => {
    localStorage.setItem(dockStorageKey(userId), JSON.stringify(windows));
  }, [userId, windows]);

  return {
    windows,
    open: useCallback((id: number) => setWindows((s) => openWindow(s, id)), []),
    close: useCallback((id: number) => setWindows((s) => closeWindow(s, id)), []),
    toggleMinimised: useCallback((id: number) => setWindows((s) => toggleMinimised(s, id)), []),
  };
}
