/** Spec 2.3: the search runs with the trimmed text; empty values are dropped; the fragment defaults to Requests. */
export function searchUrl(text: string, tab = 'Requests'): string {
  const params = new URLSearchParams();
  const trimmed = text.trim();
  if (trimmed) params.set('search', trimmed);
  const query = params.toString();
  return `/search${query ? `?${query}` : ''}#${tab}`;
}
