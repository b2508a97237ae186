import { useEffect, useRef } from 'react';

/** Every non-empty value of `name` in the current query string (`?a=1&a=2` gives both). */
export function readQueryParam(name: string, search: string = window.location.search): string[] {
  return new URLSearchParams(search).getAll(name).filter((v) => v.length > 0);
}

/**
 * "When filtering is on, it can prefill its value from a query-string parameter named like the
 * control" (spec 2.6). Runs once, as soon as `ready` (a select whose items arrive later waits for
 * them), so later typing is never overwritten by the URL. Reads window.location so it works with
 * or without a router.
 */
export function useQueryParamPrefill(
  enabled: boolean | undefined,
  name: string | undefined,
  apply: (values: string[]) => void,
  ready = true,
): void {
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !enabled || !name || !ready) return;
    done.current = true;
    const values = readQueryParam(name);
    if (values.length > 0) applyRef.current(values);
  }, [enabled, name, ready]);
}
