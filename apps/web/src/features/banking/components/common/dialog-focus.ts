import type { Ref, RefCallback } from 'react';

/**
 * A ref that marks its element as the one a Mantine dialog focuses when it opens
 * (`data-autofocus`), for widgets such as Picker and Select that take a ref but no extra
 * attributes; otherwise the dialog's close button would take the focus.
 */
export function autofocusRef<T extends HTMLElement>(inner?: Ref<T>): RefCallback<T> {
  return (element) => {
    element?.setAttribute('data-autofocus', '');
    if (typeof inner === 'function') inner(element);
    else if (inner) (inner as { current: T | null }).current = element;
  };
}

/** Today on the person's calendar (`YYYY-MM-DD`): a bank line is dated as the accountant reads it. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
