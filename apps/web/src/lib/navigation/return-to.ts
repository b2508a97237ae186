/**
 * Deep links survive sign-in: a guarded page visited while signed out sends the person to
 * `/login?next=<path>`, and after sign-in (and, with a temporary password, after it is replaced on
 * /recover) they land on that path, query and fragment included.
 */
export const RETURN_PARAM = 'next';

const BASE = 'http://app.invalid';
/** Pages that must not be returned to: they would send the person round again. */
const NOT_RETURNABLE = new Set(['/login', '/recover']);

/**
 * The path to return to, or null. Only a path of this app is accepted: no absolute URL, no
 * protocol-relative `//evil.example` (nor `/\evil.example`, which browsers read the same way), no
 * control characters, so the parameter cannot send anyone to another site (no open redirect).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || NOT_RETURNABLE.has(url.pathname)) return null;
  const path = url.pathname + url.search + url.hash;
  return path === '/' ? null : path;
}

/** `/login?next=%2Fdirectory%2Fsuppliers%3Fsearch%3Dyacht`, or `path` alone when there is nothing to keep. */
export function withReturnPath(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: safe })}` : path;
}

/** The return path a page was given in its query (`?next=`), checked. */
export function returnPathOf(search: URLSearchParams): string | null {
  return safeReturnPath(search.get(RETURN_PARAM));
}
