import { describe, expect, it } from 'vitest';
import {
  createFrameRate,
  createTypingThrottle,
  SOCKET_FRAME_WINDOW_MS,
  SOCKET_FRAMES_PER_WINDOW,
} from './frame-limits.ts';

describe('the frame rate of a socket', () => {
  it('lets a window take its share, refuses the rest (the first refusal marked for the log) and starts afresh', () => {
    let now = 1_000;
    const rate = createFrameRate(() => now);
    const outcomes = Array.from({ length: SOCKET_FRAMES_PER_WINDOW + 3 }, () => rate.take());
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(SOCKET_FRAMES_PER_WINDOW);
    expect(outcomes.slice(SOCKET_FRAMES_PER_WINDOW)).toEqual(['first-over', 'over', 'over']);
    now += SOCKET_FRAME_WINDOW_MS;
    expect(rate.take()).toBe('ok');
  });
});

describe('the typing throttle', () => {
  it('passes typing once per user and channel in a window, and again after it', () => {
    let now = 5_000;
    const typing = createTypingThrottle(1000, () => now);
    expect([typing.allow(1, 7), typing.allow(1, 7), typing.allow(1, 8), typing.allow(2, 7)]).toEqual([
      true,
      false,
      true,
      true,
    ]);
    now += 999;
    expect(typing.allow(1, 7)).toBe(false);
    now += 1;
    expect(typing.allow(1, 7)).toBe(true);
  });

  it('forgets pairs whose window has passed, so a flood of channel ids does not grow it for ever', () => {
    let now = 0;
    const typing = createTypingThrottle(1000, () => now);
    for (let channel = 1; channel <= 500; channel++) typing.allow(1, channel);
    expect(typing.size()).toBe(500);
    now += 1000;
    typing.sweep();
    expect(typing.size()).toBe(0);
  });
});
