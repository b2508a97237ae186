import sanitizeHtml from 'sanitize-html';

/**
 * The HTML of a received message made safe to show (decision 0014): an allow-list of formatting
 * tags and attributes. No scripts, event handlers, forms, frames, objects, `<style>` blocks, or
 * styles that load anything; only http(s), mailto and tel links, each opening a new tab without
 * an opener or a referrer. Remote images wait for the reader's "Show images" (`images`); tracking
 * pixels (a side of 2 px or less, or hidden) never load; `cid:` images point at the message's own
 * attachment; `data:` images only as PNG, JPEG, GIF or WebP.
 */

export interface SanitiseOptions {
  /** The message's id: `cid:` images become its attachment download path. */
  messageId: number;
  /** Load remote images (the reader asked to). */
  images: boolean;
  /** The message's inline parts by Content-ID (without brackets, any case) → attachment position. */
  contentIds: ReadonlyMap<string, number>;
}

export interface SanitisedHtml {
  html: string;
  /** Remote images were held back (and `images` was false). */
  remoteImages: boolean;
}

/** Where the attachment `n` of message `id` is served inline (the route of messages.routes.ts). */
export const inlineAttachmentPath = (id: number, n: number) =>
  `/api/v1/mail/messages/${id}/attachments/${n}/?inline=true`;

const TAGS = [
  'a',
  'abbr',
  'address',
  'article',
  'b',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'font',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'tt',
  'u',
  'ul',
  'wbr',
];

const CELL = ['align', 'valign', 'width', 'height', 'bgcolor', 'colspan', 'rowspan', 'nowrap'];
const ATTRIBUTES: Record<string, string[]> = {
  '*': ['style', 'dir', 'lang', 'title', 'align'],
  a: ['href', 'name', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  // the placeholder of a held-back image
  span: ['data-remote-image'],
  font: ['color', 'face', 'size'],
  table: ['width', 'height', 'border', 'cellpadding', 'cellspacing', 'bgcolor', 'summary'],
  td: CELL,
  th: CELL,
  tr: ['valign', 'bgcolor', 'height'],
  col: ['span', 'width'],
  colgroup: ['span', 'width'],
  ol: ['start', 'type', 'reversed'],
  ul: ['type'],
  li: ['value'],
};

/**
 * A style value that loads nothing and runs nothing: no `url(`, `image-set(`, `expression(`, no
 * `@import`, no escapes (which could spell any of those), no `javascript:`.
 */
const SAFE_VALUE =
  /^(?!.*(?:url\s*\(|image-set|image\s*\(|expression|javascript:|@import|\\|behavior|-moz-binding))[^<>]*$/i;
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant',
  'text-align',
  'text-decoration',
  'text-indent',
  'text-transform',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'white-space',
  'word-break',
  'word-wrap',
  'overflow-wrap',
  'vertical-align',
  'direction',
  'display',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'list-style-type',
  'table-layout',
  'float',
  'clear',
];
const STYLES = { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_VALUE]])) };

/** Content a dropped tag keeps to itself (its text is not shown either). */
const NON_TEXT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'title',
  'head',
  'template',
  'svg',
  'math',
  'object',
  'iframe',
  'select',
  'button',
];

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const REMOTE = /^(?:https?:)?\/\//i;

/** A pixel dimension from an attribute (`1`, `1px`) or a style (`width:1px`); null when not a pixel size. */
function pixels(value: string | undefined): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(value ?? '');
  return m ? Number(m[1]) : null;
}

function styleValue(style: string, prop: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*([^;]+)`, 'i').exec(style);
  return m?.[1]?.trim();
}

/** A tracking pixel: 2 px or less on a side, or an image hidden from view. */
function isTrackingPixel(attribs: Record<string, string>): boolean {
  const style = attribs.style ?? '';
  const width = pixels(attribs.width) ?? pixels(styleValue(style, 'width'));
  const height = pixels(attribs.height) ?? pixels(styleValue(style, 'height'));
  if ((width !== null && width <= 2) || (height !== null && height <= 2)) return true;
  return (
    /^none$/i.test(styleValue(style, 'display') ?? '') ||
    /^hidden$/i.test(styleValue(style, 'visibility') ?? '')
  );
}

export function sanitiseMailHtml(html: string, opts: SanitiseOptions): SanitisedHtml {
  let remoteImages = false;
  // Images to leave out, known by their attributes object (the exclusive filter sees the same one).
  // Renaming them to a tag nothing allows would be simpler, but sanitize-html then closes the
  // next element at that depth with the renamed tag.
  const dropped = new WeakSet<object>();
  const drop = () => {
    const attribs = {};
    dropped.add(attribs);
    return { tagName: 'img', attribs };
  };

  const img: sanitizeHtml.Transformer = (_tag, attribs) => {
    const src = (attribs.src ?? '').trim();
    if (isTrackingPixel(attribs)) return drop();
    if (/^cid:/i.test(src)) {
      const id = src.slice(4).replace(/^<|>$/g, '').trim().toLowerCase();
      const n = opts.contentIds.get(id);
      return n === undefined
        ? drop()
        : { tagName: 'img', attribs: { ...attribs, src: inlineAttachmentPath(opts.messageId, n) } };
    }
    if (/^data:/i.test(src)) return DATA_IMAGE.test(src) ? { tagName: 'img', attribs } : drop();
    if (REMOTE.test(src)) {
      if (opts.images)
        return { tagName: 'img', attribs: { ...attribs, src: src.startsWith('//') ? `https:${src}` : src } };
      remoteImages = true;
      const alt = (attribs.alt ?? '').trim();
      return {
        tagName: 'span',
        attribs: { 'data-remote-image': '', ...(alt && { title: alt }) },
        text: alt ? `[image: ${alt}]` : '[image]',
      };
    }
    // Anything else (a relative path, another scheme) points nowhere useful.
    return drop();
  };

  const link: sanitizeHtml.Transformer = (_tag, attribs) => ({
    tagName: 'a',
    attribs: attribs.href ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : { ...attribs },
  });

  const clean = sanitizeHtml(html, {
    allowedTags: TAGS,
    allowedAttributes: ATTRIBUTES,
    allowedStyles: STYLES,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowedClasses: {},
    nonTextTags: NON_TEXT,
    disallowedTagsMode: 'discard',
    transformTags: { img, a: link },
    exclusiveFilter: (frame) => dropped.has(frame.attribs),
  });
  return { html: clean, remoteImages };
}
