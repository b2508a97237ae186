/**
 * Counts work in flight (HTTP calls and route navigation) for the loading bar of spec 4.
 * The bar shows while the count is above zero.
 */
export interface LoadingCounter {
  /** Registers one unit of work; call the returned function once when it ends (extra calls are ignored). */
  start(): () => void;
  isActive(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createLoadingCounter(): LoadingCounter {
  let count = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    start() {
      count += 1;
      if (count === 1) emit();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        count -= 1;
        if (count === 0) emit();
      };
    },
    isActive: () => count > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const loadingCounter = createLoadingCounter();

/** A request carrying this header does not drive the loading bar (spec 4); the client strips it before sending. */
export const IGNORE_LOADING_HEADER = 'X-Ignore-Loading';
