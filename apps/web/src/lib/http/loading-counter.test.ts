import { describe, expect, it, vi } from 'vitest';
import { createLoadingCounter } from './loading-counter.ts';

describe('loading counter', () => {
  it('stays active until every piece of work has ended, and ignores double stops', () => {
    const counter = createLoadingCounter();
    const listener = vi.fn();
    counter.subscribe(listener);
    const stopA = counter.start();
    const stopB = counter.start();
    expect(counter.isActive()).toBe(true);
    stopA();
    stopA();
    expect(counter.isActive()).toBe(true);
    stopB();
    expect(counter.isActive()).toBe(false);
    // notified on the two edges only
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
