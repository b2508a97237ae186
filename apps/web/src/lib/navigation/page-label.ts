import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * What a page is called once its data is known: a record page is 'Alexander Volkov', not the
 * route's generic 'Client'. The page names itself with `usePageLabel`; the breadcrumb and the
 * document title read it with `usePageLabelOf`, for the path it was given on only.
 */
let current: { path: string; label: string } | null = null;
const listeners = new Set<() => void>();

function publish(next: typeof current): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the current page while it is shown (nothing while `label` is still unknown). */
export function usePageLabel(label: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!label) return;
    const mine = { path: pathname, label };
    publish(mine);
    return () => {
      if (current === mine) publish(null);
    };
  }, [pathname, label]);
}

/** The label the page at `pathname` gave itself, if any. */
export function usePageLabelOf(pathname: string): string | null {
  const named = useSyncExternalStore(subscribe, () => current);
  return named && named.path === pathname ? named.label : null;
}
