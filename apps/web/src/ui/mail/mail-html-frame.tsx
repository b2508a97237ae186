import { useCallback, useEffect, useRef, useState } from 'react';

/** The frame's own rules: nothing loads but inline styles and embedded images (and remote ones once shown). */
function framePolicy(remoteImages: boolean): string {
  // https only, as the app's own policy (an http: image would be refused there anyway)
  const images = remoteImages ? 'data: blob: https:' : 'data: blob:';
  return `default-src 'none'; style-src 'unsafe-inline'; img-src ${images}; font-src data:; form-action 'none'`;
}

const FRAME_STYLE = `
html{color-scheme:light}
body{margin:0;padding:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#212529;overflow-wrap:anywhere;word-break:break-word}
img{max-width:100%;height:auto}
pre{white-space:pre-wrap}
table{max-width:100%}
blockquote{margin:0 0 0 .5em;padding-left:.75em;border-left:3px solid #dee2e6;color:#495057}
a{color:#1864ab}
span[data-remote-image]{display:inline-block;padding:1px 6px;border:1px dashed #ced4da;border-radius:4px;color:#868e96;font-size:12px}
`;

/** The sanitised HTML as the frame's whole document: its policy, links opening in a new tab, plain styles. */
export function mailFrameDocument(html: string, remoteImages: boolean): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${framePolicy(remoteImages)}">`,
    '<base target="_blank">',
    `<style>${FRAME_STYLE}</style>`,
    `</head><body>${html}</body></html>`,
  ].join('');
}

/**
 * A message's HTML (sanitised by the server) in a sandboxed frame: no scripts can run in it
 * (`sandbox` without `allow-scripts`), forms cannot submit, and links open in a new tab outside
 * the sandbox. `allow-same-origin` only lets the page read the frame's height so it grows to its
 * content; with no script inside, the frame cannot use it.
 */
export function MailHtmlFrame({
  html,
  remoteImages,
  title,
}: {
  html: string;
  /** Remote images were let through (the frame's policy allows loading them). */
  remoteImages: boolean;
  title: string;
}) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback(() => {
    const doc = ref.current?.contentDocument;
    if (!doc?.documentElement) return;
    const next = Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0);
    if (next > 0) setHeight(next);
  }, []);

  const onLoad = useCallback(() => {
    measure();
    observer.current?.disconnect();
    const body = ref.current?.contentDocument?.body;
    if (body && typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(body);
    }
  }, [measure]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <iframe
      ref={ref}
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={mailFrameDocument(html, remoteImages)}
      onLoad={onLoad}
      style={{ width: '100%', height, border: 0, display: 'block' }}
      data-testid="mail-html"
    />
  );
}
