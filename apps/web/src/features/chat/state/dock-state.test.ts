import { describe, expect, it } from 'vitest';
import {
  CHAT_DOCK_MAX_WINDOWS,
  closeWindow,
  dockStorageKey,
  openWindow,
  readDockWindows,
  toggleMinimised,
} from './dock-state.ts';

describe('the dock windows', () => {
  it('opens a window once, at the end, and closes the oldest past the maximum', () => {
    let state = { open: [] as number[], minimised: [] as number[] };
    for (let id = 1; id <= CHAT_DOCK_MAX_WINDOWS + 1; id++) state = openWindow(state, id);
    expect(state.open).toEqual([2, 3, 4, 5]);
    expect(openWindow(state, 3).open).toEqual([2, 3, 4, 5]);
  });

  it('expands a minimised window that is opened again, and forgets a closed one', () => {
    let state = toggleMinimised({ open: [1, 2], minimised: [] }, 2);
    expect(state.minimised).toEqual([2]);
    state = openWindow(state, 2);
    expect(state.minimised).toEqual([]);
    state = closeWindow(toggleMinimised(state, 1), 1);
    expect(state).toEqual({ open: [2], minimised: [] });
  });

  it('reads saved windows per user and treats anything unreadable as none', () => {
    localStorage.setItem(dockStorageKey(7), JSON.stringify({ open: [3, 3, 'x', -1, 4], minimised: [4, 9] }));
    expect(readDockWindows(7)).toEqual({ open: [3, 4], minimised: [4] });
    expect(readDockWindows(8)).toEqual({ open: [], minimised: [] });
    localStorage.setItem(dockStorageKey(7), '{not json');
    expect(readDockWindows(7)).toEqual({ open: [], minimised: [] });
  });
});
