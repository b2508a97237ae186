import { useEffect, useRef } from 'react';

/**
 * The screen's keyboard: Up/Down move through the bank lines, Enter takes the best suggestion or
 * posts the open allocation, Esc cancels it. Keys meant for something else are left alone: typing
 * in a field, a focused button or link (Enter clicks it), an open dialog, a modifier held.
 */
export type MatchingKey = 'ArrowUp' | 'ArrowDown' | 'Enter' | 'Escape';

const EDITABLE = 'input, textarea, select, [contenteditable="true"], [role="combobox"], [role="listbox"]';
const CLICKABLE = 'button, a[href], [role="button"], summary';

export function keyOf(event: KeyboardEvent): MatchingKey | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  const { key } = event;
  if (key !== 'ArrowUp' && key !== 'ArrowDown' && key !== 'Enter' && key !== 'Escape') return null;
  const target = event.target instanceof Element ? event.target : null;
  // Enter on the selected row (focused by a click) selects it again, a no-op: it goes on to the panel
  if (key === 'Enter' && target?.matches('tr[data-selected="true"]')) return key;
  if (event.defaultPrevented) return null;
  if (target?.closest('[role="dialog"]')) return null;
  if (target?.closest(EDITABLE)) return null;
  if (key === 'Enter' && target?.closest(CLICKABLE)) return null;
  return key;
}

/** Calls `handle` for the screen's keys; `handle` answers whether it used the key. */
export function useMatchingKeys(handle: (key: MatchingKey) => boolean) {
  const ref = useRef(handle);
  ref.current = handle;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const key = keyOf(event);
      if (key && ref.current(key)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
