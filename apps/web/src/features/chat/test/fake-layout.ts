/**
 * happy-dom lays nothing out (every box is 0 px), which makes every conversation "at the bottom".
 * This gives the message log a height and each message a fixed one, stacked in document order, so
 * a test can see where a window opens and how far a reader has read.
 */
export function fakeChatLayout({ view = 300, item = 50 } = {}): () => void {
  const proto = HTMLElement.prototype;
  const saved = {
    rect: proto.getBoundingClientRect,
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    scrollHeight: Object.getOwnPropertyDescriptor(proto, 'scrollHeight'),
  };
  const isLog = (el: HTMLElement) => el.getAttribute('role') === 'log';
  const items = (log: Element) => [...log.querySelectorAll('[data-message-id]')];
  const height = (log: Element) => items(log).length * item;
  const box = (top: number, bottom: number) =>
    ({ top, bottom, left: 0, right: 300, width: 300, height: bottom - top, x: 0, y: top }) as DOMRect;

  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isLog(this) ? view : 0;
    },
  });
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isLog(this) ? height(this) : 0;
    },
  });
  proto.getBoundingClientRect = function (this: HTMLElement) {
    if (isLog(this)) return box(0, view);
    const log = this.closest('[role="log"]');
    if (!log || !this.hasAttribute('data-message-id')) return box(0, 0);
    // a browser keeps scrollTop within the content
    const scrolled = Math.max(0, Math.min(log.scrollTop, height(log) - view));
    const top = items(log).indexOf(this) * item - scrolled;
    return box(top, top + item);
  };

  return () => {
    proto.getBoundingClientRect = saved.rect;
    for (const key of ['clientHeight', 'scrollHeight'] as const) {
      const descriptor = saved[key];
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
  };
}
