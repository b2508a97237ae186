import { createContext, type ReactNode, useContext } from 'react';

/** GETs a URL and answers with the parsed JSON body; rejects on a non-2xx answer. */
export type PickerFetcher = (url: string, init: { signal: AbortSignal }) => Promise<unknown>;

/**
 * The default: fetch with `Authorization: Token <accessToken>` from local storage (spec section 7).
 * The app can swap in its own HTTP client (loading bar, error toasts) with PickerFetcherProvider.
 */
export const defaultPickerFetcher: PickerFetcher = async (url, { signal }) => {
  const token = localStorage.getItem('accessToken');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Token ${token}`;
  const response = await fetch(url, { method: 'GET', headers, signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET ${url} failed with ${response.status}`);
  return response.json();
};

const PickerFetcherContext = createContext<PickerFetcher>(defaultPickerFetcher);

export function PickerFetcherProvider({
  fetcher,
  children,
}: {
  fetcher: PickerFetcher;
  children: ReactNode;
}) {
  return <PickerFetcherContext value={fetcher}>{children}</PickerFetcherContext>;
}

/** The `fetcher` prop wins, then the provider, then the default. */
export function usePickerFetcher(override?: PickerFetcher): PickerFetcher {
  const fromContext = useContext(PickerFetcherContext);
  return override ?? fromContext;
}
