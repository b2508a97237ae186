import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_TIMING } from './toast-store.ts';

describe('toast store (spec 4 and 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const states = (store: ReturnType<typeof createToastStore>) => store.getSnapshot().map((t) => t.state);

  it('uses the spec timings', () => {
    expect(TOAST_TIMING).toEqual({ timeOut: 5000, extendedTimeOut: 1000, easeTime: 300 });
  });

  it('goes inactive -> active -> removed and leaves after 5000 ms plus the 300 ms fade', () => {
    const store = createToastStore();
    store.show('error', 'Boom', '500 error');
    expect(states(store)).toEqual(['inactive']);
    vi.advanceTimersByTime(0);
    expect(states(store)).toEqual(['active']);
    vi.advanceTimersByTime(4999);
    expect(states(store)).toEqual(['active']);
    vi.advanceTimersByTime(1);
    expect(states(store)).toEqual(['removed']);
    vi.advanceTimersByTime(299);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('puts the newest toast on top and has no cap', () => {
    const store = createToastStore();
    for (let i = 1; i <= 12; i += 1) store.show('info', `m${i}`);
    const messages = store.getSnapshot().map((t) => t.message);
    expect(messages).toHaveLength(12);
    expect(messages[0]).toBe('m12');
    expect(messages[11]).toBe('m1');
  });

  it('pauses while hovered and hides 1000 ms after the pointer leaves', () => {
    const store = createToastStore();
    const id = store.show('error', 'Hover me');
    vi.advanceTimersByTime(3000);
    store.pointerEnter(id);
    vi.advanceTimersByTime(60_000);
    expect(states(store)).toEqual(['active']);
    store.pointerLeave(id);
    vi.advanceTimersByTime(999);
    expect(states(store)).toEqual(['active']);
    vi.advanceTimersByTime(1);
    expect(states(store)).toEqual(['removed']);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('hides on tap, with the fade', () => {
    const store = createToastStore();
    const first = store.show('error', 'first');
    store.show('error', 'second');
    vi.advanceTimersByTime(100);
    store.dismiss(first);
    expect(store.getSnapshot().find((t) => t.id === first)?.state).toBe('removed');
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['second']);
  });

  it('keeps sticky toasts until closed', () => {
    const store = createToastStore();
    const id = store.show('info', 'New task', 'NewTask', { sticky: true });
    vi.advanceTimersByTime(60_000);
    store.pointerEnter(id);
    store.pointerLeave(id);
    vi.advanceTimersByTime(60_000);
    expect(states(store)).toEqual(['active']);
    store.dismiss(id);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show('success', 'Saved');
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    vi.advanceTimersByTime(6000);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
