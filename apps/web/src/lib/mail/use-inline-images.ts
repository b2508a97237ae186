import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiUrl } from '../http/http-client.ts';
import { getAccessToken } from '../session/access-token.ts';
import { mailKeys } from './mail-keys.ts';

/**
 * A message's embedded (`cid:`) images arrive in its HTML as the attachment's path
 * (`/api/v1/mail/messages/12/attachments/2/?inline=true`). The API takes the token in a header,
 * which an `<img>` in the frame cannot send, so each is fetched here and its address replaced by
 * a `data:` URL (nothing to revoke, and the frame's policy allows them).
 */
const INLINE_SRC = /\/api\/v1\/mail\/messages\/\d+\/attachments\/\d+\/\?inline=true/g;

export function inlineImagePaths(html: string): string[] {
  return [...new Set(html.match(INLINE_SRC) ?? [])];
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

async function fetchImage(path: string, signal?: AbortSignal): Promise<string | null> {
  const token = getAccessToken();
  try {
    const response = await fetch(apiUrl(path), {
      headers: token ? { Authorization: `Token ${token}` } : {},
      credentials: 'same-origin',
      signal,
    });
    if (!response.ok) return null;
    const blob = await response.blob();
    // only an image becomes an image (the server serves inline images only, this is the belt)
    return blob.type.startsWith('image/') ? await dataUrl(blob) : null;
  } catch {
    return null;
  }
}

/** The positions of the attachments the HTML shows in its text (they need not be listed below it). */
export function inlineAttachmentNumbers(html: string | null): Set<number> {
  const numbers = new Set<number>();
  for (const path of html ? inlineImagePaths(html) : []) {
    const n = /\/attachments\/(\d+)\//.exec(path)?.[1];
    if (n) numbers.add(Number(n));
  }
  return numbers;
}

/** Replaces each path found with its data URL (an image that failed keeps its path: it shows broken). */
export function replaceInlineImages(html: string, urls: ReadonlyMap<string, string>): string {
  return html.replace(INLINE_SRC, (path) => urls.get(path) ?? path);
}

/** The HTML with its embedded images ready to show; null while they load. */
export function useInlineImages(messageId: number, html: string | null): string | null {
  const paths = useMemo(() => (html ? inlineImagePaths(html) : []), [html]);
  const images = useQuery({
    queryKey: mailKeys.inlineImages(messageId, paths),
    queryFn: async ({ signal }) => {
      const urls = await Promise.all(paths.map((p) => fetchImage(p, signal)));
      return new Map(
        paths.flatMap((p, i) => {
          const url = urls[i];
          return url ? [[p, url] as const] : [];
        }),
      );
    },
    enabled: paths.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (html === null) return null;
  if (paths.length === 0) return html;
  if (images.isPending) return null;
  return replaceInlineImages(html, images.data ?? new Map());
}
