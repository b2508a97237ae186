import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('throttle', () => {
  it('runs at once, then once at the end of each window however often it is asked', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const t = throttle(fn, 150);
    t.run();
    t.run();
    t.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(149);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    t.run();
    expect(fn).toHaveBeenCalledTimes(3);
    t.run();
    t.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
