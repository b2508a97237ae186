import { describe, expect, it } from 'vitest';
import { sanitiseMailHtml } from './mail-sanitise.ts';

const opts = { messageId: 42, images: false, contentIds: new Map([['logo@x', 2]]) };
const clean = (html: string, images = false) => sanitiseMailHtml(html, { ...opts, images });

describe('sanitiseMailHtml', () => {
  it('keeps formatting, tables, and safe inline styles', () => {
    const { html, remoteImages } = clean(
      '<table width="100%" cellpadding="4"><tr><td style="color: red; padding: 4px" align="left"><b>Hi</b> <i>there</i></td></tr></table><p><font color="#333">Text</font></p>',
    );
    expect(html).toBe(
      '<table width="100%" cellpadding="4"><tr><td style="color:red;padding:4px" align="left"><b>Hi</b> <i>there</i></td></tr></table><p><font color="#333">Text</font></p>',
    );
    expect(remoteImages).toBe(false);
  });

  it('drops scripts, handlers, forms, frames, objects, style blocks and what they hold', () => {
    const { html } = clean(
      `<html><head><title>T</title><style>body{background:url(https://t.example/x)}</style><script>alert(1)</script></head>
      <body onload="alert(1)"><p onclick="alert(2)" onmouseover="x()">Safe</p>
      <form action="https://evil.example"><input name="password"><button>Send</button></form>
      <iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="y.swf">
      <svg><script>alert(3)</script></svg><math><mi>x</mi></math><noscript>ns</noscript><template><p>t</p></template>
      <base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/a.css">
      </body></html>`,
    );
    expect(html).toContain('<p>Safe</p>');
    for (const bad of [
      'script',
      'alert',
      'onclick',
      'onload',
      'onmouseover',
      '<form',
      '<input',
      'button',
      'Send',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'noscript',
      'template',
      'base',
      'meta',
      'link',
      'evil.example',
      'url(',
      '<title',
      '>T<',
    ])
      expect(html, bad).not.toContain(bad);
  });

  it('lets only http(s), mailto and tel links through, each opening a new tab without opener or referrer', () => {
    const { html } = clean(
      '<a href="https://ok.example/a">ok</a> <a href="mailto:a@b.example">mail</a> <a href="javascript:alert(1)">js</a> <a href="JaVaScRiPt&colon;alert(1)">js2</a> <a href="vbscript:x">vb</a> <a href="data:text/html,<script>x</script>">data</a> <a name="top">anchor</a>',
    );
    expect(html).toContain('<a href="https://ok.example/a" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<a href="mailto:a@b.example" target="_blank" rel="noopener noreferrer">mail</a>');
    expect(html).not.toMatch(/javascript|vbscript|data:text/i);
    expect(html).toContain('<a name="top">anchor</a>');
  });

  it('drops styles that load or run anything, keeping the rest of the declaration list', () => {
    const { html } = clean(
      '<div style="color: blue; background: url(https://t.example/p.gif); background-image: url(x); width: expression(alert(1)); font-weight: bold; position: fixed; top: 0">x</div><p style="color: \\75 rl(x)">y</p>',
    );
    expect(html).toContain('<div style="color:blue;font-weight:bold">x</div>');
    expect(html).toContain('<p>y</p>');
  });

  it('holds back remote images behind a placeholder until asked, and says so', () => {
    const source =
      '<p>Logo: <img src="https://cdn.example/logo.png" alt="Our logo" width="120"></p><img src="//cdn.example/b.png">';
    const held = clean(source);
    expect(held.remoteImages).toBe(true);
    expect(held.html).not.toContain('cdn.example');
    expect(held.html).toBe(
      '<p>Logo: <span data-remote-image title="Our logo">[image: Our logo]</span></p><span data-remote-image>[image]</span>',
    );

    const shown = clean(source, true);
    expect(shown.remoteImages).toBe(false);
    expect(shown.html).toContain('<img src="https://cdn.example/logo.png" alt="Our logo" width="120" />');
    expect(shown.html).toContain('<img src="https://cdn.example/b.png" />');
  });

  it('always drops tracking pixels: 1x1, a side of 2 px or less, or hidden', () => {
    for (const pixel of [
      '<img src="https://t.example/o.gif" width="1" height="1">',
      '<img src="https://t.example/o.gif" width="2">',
      '<img src="https://t.example/o.gif" height="0">',
      '<img src="https://t.example/o.gif" style="width:1px;height:1px">',
      '<img src="https://t.example/o.gif" style="display:none">',
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1">',
    ]) {
      for (const images of [false, true]) {
        const out = clean(`<p>a</p>${pixel}`, images);
        expect(out.html, pixel).toBe('<p>a</p>');
        expect(out.remoteImages, pixel).toBe(false);
      }
    }
  });

  it('points cid: images at the attachment download path, and drops unknown ones', () => {
    const { html } = clean('<img src="cid:LOGO@x" alt="logo"><img src="cid:missing@x">');
    expect(html).toBe('<img src="/api/v1/mail/messages/42/attachments/2/?inline=true" alt="logo" />');
  });

  it('allows data: images only as PNG, JPEG, GIF or WebP', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const { html } = clean(
      `<img src="${png}"><img src="data:image/svg+xml;base64,PHN2Zz4="><img src="data:text/html;base64,PHA+"><img src="data:image/jpeg;base64,/9j/"><img src="file:///etc/passwd"><img src="relative.png"><p>after</p>`,
    );
    // (a dropped image must not leave the next element closed by another tag)
    expect(html).toBe(`<img src="${png}" /><img src="data:image/jpeg;base64,/9j/" /><p>after</p>`);
  });

  it('escapes text and attribute values, so markup cannot break out', () => {
    const { html } = clean(
      '<p title="&quot; onmouseover=&quot;x">1 &lt; 2 &amp; <b>3</b></p><img src="https://e.example/a.png" alt="&quot;><script>x</script>">',
    );
    expect(html).toContain('<p title="&quot; onmouseover=&quot;x">1 &lt; 2 &amp; <b>3</b></p>');
    expect(html).not.toContain('<script');
  });
});
