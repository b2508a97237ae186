/** The result groups, named as the URL fragment names them (spec 2.1: it defaults to Requests). */
export const SEARCH_TABS = ['Requests', 'Clients', 'Suppliers'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export const DEFAULT_SEARCH_TAB: SearchTab = 'Requests';

export function tabFromHash(hash: string): SearchTab {
  const name = decodeURIComponent(hash.replace(/^#/, ''));
  return (SEARCH_TABS as readonly string[]).includes(name) ? (name as SearchTab) : DEFAULT_SEARCH_TAB;
}

/** `/search?search=text#Tab`, the trimmed text only when there is one (as the header builds it). */
export function searchHref(text: string, tab: SearchTab): string {
  const trimmed = text.trim();
  const query = trimmed ? `?${new URLSearchParams({ search: trimmed })}` : '';
  return `/search${query}#${tab}`;
}

export function countLabel(count: number, limit: number): string {
  return count >= limit ? `${limit}+` : String(count);
}
