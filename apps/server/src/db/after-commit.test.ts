import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../test/databases.ts';
import { afterCommit, onCommitHookError, rootOf } from './after-commit.ts';
import type { Database, Db, Executor } from './client.ts';

/** afterCommit on the database, in a transaction, in savepoints, and with a hook that fails. */
let database: Database;
let dispose: () => Promise<void>;
let db: Db;
const reported: unknown[] = [];

beforeAll(async () => {
  ({ database, dispose } = await freshDatabase(inject('pgTemplate')));
  db = database.db;
  onCommitHookError(db, (err) => reported.push(err));
});
afterAll(() => dispose());

/** A hook that records its name, and a promise of the turn after everything queued so far has run. */
function recorder() {
  const ran: string[] = [];
  const hook = (name: string) => () => {
    ran.push(name);
  };
  return { ran, hook };
}
const settled = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

describe('afterCommit', () => {
  it('on the database (no transaction) runs on a later turn, not at once', async () => {
    const { ran, hook } = recorder();
    afterCommit(db, hook('db'));
    expect(ran).toEqual([]);
    await settled();
    expect(ran).toEqual(['db']);
    expect(rootOf(db)).toBe(db);
  });

  it('in a transaction runs after the commit, in order, and never before it', async () => {
    const { ran, hook } = recorder();
    await db.transaction(async (tx) => {
      afterCommit(tx, hook('first'));
      afterCommit(tx, hook('second'));
      expect(rootOf(tx)).toBe(db);
      await tx.execute(sql`select 1`);
      await settled();
      expect(ran).toEqual([]);
    });
    await settled();
    expect(ran).toEqual(['first', 'second']);
  });

  it('in a transaction that rolls back never runs', async () => {
    const { ran, hook } = recorder();
    await expect(
      db.transaction(async (tx) => {
        afterCommit(tx, hook('rolled back'));
        throw new Error('take it back');
      }),
    ).rejects.toThrow('take it back');
    await settled();
    expect(ran).toEqual([]);
  });

  it('in a savepoint joins the outer transaction: after the outer commit, or never when the outer rolls back', async () => {
    const { ran, hook } = recorder();
    await db.transaction(async (tx) => {
      afterCommit(tx, hook('outer'));
      await tx.transaction(async (sp) => {
        expect(rootOf(sp)).toBe(db);
        afterCommit(sp, hook('savepoint'));
        await sp.transaction(async (deeper) => {
          expect(rootOf(deeper)).toBe(db);
          afterCommit(deeper, hook('deeper'));
        });
      });
      await settled();
      // released savepoints are not a commit
      expect(ran).toEqual([]);
      afterCommit(tx, hook('outer again'));
    });
    await settled();
    expect(ran).toEqual(['outer', 'savepoint', 'deeper', 'outer again']);

    const lost = recorder();
    await expect(
      db.transaction(async (tx) => {
        await tx.transaction(async (sp) => afterCommit(sp, lost.hook('in a released savepoint')));
        throw new Error('outer rolls back');
      }),
    ).rejects.toThrow('outer rolls back');
    await settled();
    expect(lost.ran).toEqual([]);
  });

  it('drops the hooks of a savepoint rolled back, and keeps those of the transaction around it', async () => {
    const { ran, hook } = recorder();
    await db.transaction(async (tx) => {
      afterCommit(tx, hook('before'));
      await expect(
        tx.transaction(async (sp) => {
          afterCommit(sp, hook('in the failed savepoint'));
          await sp.transaction(async (deeper) => afterCommit(deeper, hook('released inside it')));
          throw new Error('savepoint fails');
        }),
      ).rejects.toThrow('savepoint fails');
      afterCommit(tx, hook('after'));
    });
    await settled();
    expect(ran).toEqual(['before', 'after']);
  });

  it('reports a hook that throws or rejects and still runs the others', async () => {
    reported.length = 0;
    const { ran, hook } = recorder();
    await db.transaction(async (tx) => {
      afterCommit(tx, () => {
        throw new Error('sync failure');
      });
      afterCommit(tx, async () => {
        throw new Error('async failure');
      });
      afterCommit(tx, hook('still runs'));
    });
    afterCommit(db, () => {
      throw new Error('failure on the database');
    });
    await settled();
    expect(ran).toEqual(['still runs']);
    expect(reported.map((e) => (e as Error).message).sort()).toEqual([
      'async failure',
      'failure on the database',
      'sync failure',
    ]);
  });

  it('lets an async hook read the database after the commit (what the counter of notifications does)', async () => {
    const seen: number[] = [];
    const done = new Promise<void>((resolve) => {
      void db.transaction(async (tx: Executor) => {
        await tx.execute(sql`insert into job_runs (name) values ('after-commit-probe')`);
        afterCommit(tx, async () => {
          const rows = (await rootOf(tx).execute(
            sql`select count(*)::int as n from job_runs where name = 'after-commit-probe'`,
          )) as unknown as { rows: Array<{ n: number }> };
          seen.push(rows.rows[0]!.n);
          resolve();
        });
      });
    });
    await done;
    expect(seen).toEqual([1]);
  });
});
