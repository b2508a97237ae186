import type { FastifyBaseLogger } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work that runs after the answer is sent (mail, its lookups); tests wait for it with `idle()`. */
    background: Background;
  }
}

export interface Background {
  /**
   * Runs `task` after the current answer is written (it starts on a later turn of the event loop),
   * so nothing it does can change what the caller sees or how long it waits. A failure is logged.
   */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far (and any they started) has finished. */
  idle(): Promise<void>;
}

export function createBackground(log: Pick<FastifyBaseLogger, 'error'>): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `${name} failed`))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
