import type { Db, Executor } from './client.ts';

/**
 * Work that must happen only once a transaction has committed (publishing a notification over the
 * socket): queued on the transaction and run after its commit, dropped on a rollback. On the
 * database itself (no transaction) it runs on the next turn. Drizzle has no commit hook, so
 * `withCommitHooks` wraps `db.transaction` once, when the database is opened, and the
 * `transaction` of every transaction it opens (a savepoint):
 * - a nested transaction shares its outer one's fate: its hooks join the outer queue when its
 *   savepoint is released and run after the outer commit; a savepoint rolled back drops its own
 *   hooks (what it wrote is gone) and keeps the ones queued before it;
 * - a hook that throws (or whose promise rejects) is reported, never thrown: the commit is done,
 *   and an error out of a microtask would end the process.
 */
type Hook = () => void | Promise<void>;
export type CommitHookErrorHandler = (err: unknown) => void;

const queues = new WeakMap<object, Hook[]>();
const roots = new WeakMap<object, Db>();
const wrapped = new WeakSet<object>();
const reporters = new WeakMap<Db, CommitHookErrorHandler>();
/** The async hooks of each database still under way (`commitHooksSettled`). */
const pending = new WeakMap<Db, Set<Promise<void>>>();

const defaultReport: CommitHookErrorHandler = (err) => console.error('after-commit hook failed:', err);

/** Where a failing hook of `db` is reported (the app's log); the console until set. */
export function onCommitHookError(db: Db, report: CommitHookErrorHandler): void {
  reporters.set(db, report);
}

function runHook(db: Db, hook: Hook): void {
  const report = (err: unknown) => {
    try {
      (reporters.get(db) ?? defaultReport)(err);
    } catch {
      // a failing reporter has nowhere left to report to
    }
  };
  try {
    const result = hook();
    if (result && typeof (result as Promise<void>).then === 'function') {
      let under = pending.get(db);
      if (!under) {
        under = new Set();
        pending.set(db, under);
      }
      const settled = (result as Promise<void>).catch(report);
      under.add(settled);
      void settled.finally(() => under.delete(settled));
    }
  } catch (err) {
    report(err);
  }
}

/**
 * Resolves once the async hooks of `db` under way (and those they started meanwhile) are done:
 * awaited before the database closes, so a hook does not query a closed one.
 */
export async function commitHooksSettled(db: Db): Promise<void> {
  // a hook queued on the database itself starts on the next turn
  await new Promise<void>((resolve) => setImmediate(resolve));
  const under = pending.get(db);
  while (under?.size) await Promise.all([...under]);
}

type TransactionFn = (run: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Gives `tx` its queue and root, and wraps its `transaction` (a savepoint) to share them. */
function track(tx: object, db: Db, hooks: Hook[]): void {
  queues.set(tx, hooks);
  roots.set(tx, db);
  const holder = tx as { transaction: TransactionFn };
  const savepoint = holder.transaction.bind(tx) as TransactionFn;
  holder.transaction = async (run, config) => {
    const own: Hook[] = [];
    const result = await savepoint(async (inner) => {
      track(inner as object, db, own);
      return run(inner);
    }, config);
    // Released: the savepoint's work now stands or falls with the outer transaction.
    hooks.push(...own);
    return result;
  };
}

export function withCommitHooks(db: Db): Db {
  if (wrapped.has(db)) return db;
  wrapped.add(db);
  const transaction = db.transaction.bind(db) as TransactionFn;
  db.transaction = (async (run: (tx: never) => Promise<unknown>, config?: unknown) => {
    const hooks: Hook[] = [];
    const result = await transaction(async (tx) => {
      track(tx as object, db, hooks);
      return run(tx);
    }, config);
    for (const hook of hooks) queueMicrotask(() => runHook(db, hook));
    return result;
  }) as Db['transaction'];
  return db;
}

/**
 * Runs `hook` after the commit of `ex`'s transaction, the outermost one when `ex` is a savepoint
 * (never on a rollback, of either), or soon when `ex` is the database. A hook may be async: it is
 * not awaited, and a rejection is reported like a throw.
 */
export function afterCommit(ex: Executor, hook: Hook): void {
  const queue = queues.get(ex);
  if (queue) queue.push(hook);
  else setImmediate(() => runHook(rootOf(ex), hook));
}

/** The database a transaction (or a savepoint within one) belongs to; the database itself when `ex` is one. */
export function rootOf(ex: Executor): Db {
  return roots.get(ex) ?? (ex as Db);
}
