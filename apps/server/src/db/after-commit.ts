import type { Db, Executor } from './client.ts';

/**
 * Work that must happen only once a transaction has committed (publishing a notification over the
 * socket): queued on the transaction and run after its commit, dropped on a rollback. On the
 * database itself (no transaction) it runs on the next turn. Drizzle has no commit hook, so
 * `withCommitHooks` wraps `db.transaction` once, when the database is opened.
 */
type Hook = () => void;

const queues = new WeakMap<object, Hook[]>();
const roots = new WeakMap<object, Db>();
const wrapped = new WeakSet<object>();

export function withCommitHooks(db: Db): Db {
  if (wrapped.has(db)) return db;
  wrapped.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run: (tx: never) => Promise<unknown>, config?: unknown) => {
    const hooks: Hook[] = [];
    const result = await transaction(async (tx) => {
      queues.set(tx, hooks);
      roots.set(tx, db);
      return run(tx as never);
    }, config as never);
    for (const hook of hooks) queueMicrotask(hook);
    return result;
  }) as Db['transaction'];
  return db;
}

/** Runs `hook` after the commit of `ex`'s transaction (never on a rollback), or soon when `ex` is the database. */
export function afterCommit(ex: Executor, hook: Hook): void {
  const queue = queues.get(ex);
  if (queue) queue.push(hook);
  else setImmediate(hook);
}

/** The database a transaction belongs to (the database itself when `ex` is one). */
export function rootOf(ex: Executor): Db {
  return roots.get(ex) ?? (ex as Db);
}
