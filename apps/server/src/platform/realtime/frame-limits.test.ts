import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFrameRate,
  createReadThrottle,
  createTypingThrottle,
  createUserFrameRates,
  furthestMark,
  type ReadMark,
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

describe('the frame rate of a user', () => {
  it('is one budget for all of a user’s sockets, apart from other users’, and starts afresh each window', () => {
    let now = 1_000;
    const rates = createUserFrameRates(() => now);
    // 50 sockets of one user sending in turn share the budget of one.
    const outcomes = Array.from({ length: 50 }, () => rates.take(7));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(SOCKET_FRAMES_PER_WINDOW);
    expect(outcomes.filter((o) => o === 'first-over')).toHaveLength(1);
    expect(rates.take(8)).toBe('ok');
    now += SOCKET_FRAME_WINDOW_MS;
    expect(rates.take(7)).toBe('ok');
  });

  it('forgets users whose window has passed', () => {
    let now = 0;
    const rates = createUserFrameRates(() => now);
    for (let user = 1; user <= 100; user++) rates.take(user);
    expect(rates.size()).toBe(100);
    now += SOCKET_FRAME_WINDOW_MS;
    rates.sweep();
    expect(rates.size()).toBe(0);
  });
});

describe('the read throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 10_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const user = (id: number) => ({ id });

  it('applies the first mark at once and the furthest of the window’s others when it ends, once', () => {
    const applied: Array<[number, ReadMark]> = [];
    const reads = createReadThrottle<{ id: number }>(1000, (u, mark) => applied.push([u.id, mark]));
    expect(reads.offer(user(1), { chat_channel_id: 5, message_id: 10 })).toBe('applied');
    for (const id of [12, 15, 11])
      expect(reads.offer(user(1), { chat_channel_id: 5, message_id: id })).toBe('deferred');
    // another channel and another user have windows of their own
    expect(reads.offer(user(1), { chat_channel_id: 6, message_id: 3 })).toBe('applied');
    expect(reads.offer(user(2), { chat_channel_id: 5, message_id: 15 })).toBe('applied');
    expect(applied).toEqual([
      [1, { chat_channel_id: 5, message_id: 10 }],
      [1, { chat_channel_id: 6, message_id: 3 }],
      [2, { chat_channel_id: 5, message_id: 15 }],
    ]);
    vi.advanceTimersByTime(999);
    expect(applied).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(applied.slice(3)).toEqual([[1, { chat_channel_id: 5, message_id: 15 }]]);
    // Applying the deferred one opened a new window: the next mark waits for its end.
    expect(reads.offer(user(1), { chat_channel_id: 5, message_id: 20 })).toBe('deferred');
    vi.advanceTimersByTime(1000);
    expect(applied.slice(4)).toEqual([[1, { chat_channel_id: 5, message_id: 20 }]]);
    vi.advanceTimersByTime(5000);
    expect(applied).toHaveLength(5);
    // A quiet window later the first mark is applied at once again.
    expect(reads.offer(user(1), { chat_channel_id: 5, message_id: 21 })).toBe('applied');
  });

  it('keeps "to the newest" over any message id it is merged with', () => {
    const applied: ReadMark[] = [];
    const reads = createReadThrottle<{ id: number }>(1000, (_u, mark) => applied.push(mark));
    reads.offer(user(1), { chat_channel_id: 5, message_id: 1 });
    reads.offer(user(1), { chat_channel_id: 5, message_id: 30 });
    reads.offer(user(1), { chat_channel_id: 5 });
    reads.offer(user(1), { chat_channel_id: 5, message_id: 40 });
    vi.advanceTimersByTime(1000);
    expect(applied).toEqual([{ chat_channel_id: 5, message_id: 1 }, { chat_channel_id: 5 }]);
    expect(
      furthestMark({ chat_channel_id: 5, message_id: 3 }, { chat_channel_id: 5, message_id: 2 }),
    ).toEqual({
      chat_channel_id: 5,
      message_id: 3,
    });
  });

  it('sweeps quiet pairs and drops waiting marks on close', () => {
    const applied: ReadMark[] = [];
    const reads = createReadThrottle<{ id: number }>(1000, (_u, mark) => applied.push(mark));
    for (let channel = 1; channel <= 50; channel++) reads.offer(user(1), { chat_channel_id: channel });
    reads.offer(user(1), { chat_channel_id: 1, message_id: 9 });
    vi.advanceTimersByTime(1000);
    reads.sweep();
    // the pair whose deferred mark was just applied has a fresh window; the others are gone
    expect(reads.size()).toBe(1);
    reads.offer(user(1), { chat_channel_id: 1, message_id: 10 });
    reads.close();
    vi.advanceTimersByTime(5000);
    expect(applied).toHaveLength(51);
    expect(reads.size()).toBe(0);
  });
});
