import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { users } from '../users/users.table.ts';
import { notifications } from './notifications.table.ts';
import { drainReminders } from './reminders.ts';

let t: TestContext;
let fo: number;

beforeAll(async () => {
  t = await createTestContext();
  fo = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ROLE_EMAILS.FO)))[0]!
    .id;
});
afterAll(() => t.close());

/** A kind whose claims come from a list, recording the size of each claim. */
function kindOf<K extends string>(kind: K, pending: number[], claims: number[]) {
  return {
    kind,
    claim: async (limit: number) => {
      claims.push(limit);
      return pending.splice(0, limit);
    },
    notice: (n: number) => ({
      userIds: [fo, fo],
      message: { type: 'TaskOverdue', title: `${kind} ${n}`, data: { n } },
    }),
  };
}

describe('drainReminders', () => {
  it('works each kind in batches, stops a kind at a short batch or at the run limit, and stores each notice once', async () => {
    const claimsA: number[] = [];
    const claimsB: number[] = [];
    const a = [1, 2, 3, 4, 5];
    const sent = await t.database.db.transaction((tx) =>
      drainReminders(tx, [kindOf('a', a, claimsA), kindOf('b', [6], claimsB)], { batch: 2, maxBatches: 2 }),
    );
    expect(sent).toEqual({ a: 4, b: 1 });
    // two full batches of a and the run's limit reached: the fifth waits for the next run
    expect(claimsA).toEqual([2, 2]);
    expect(a).toEqual([5]);
    // a short batch ends the kind
    expect(claimsB).toEqual([2]);
    const stored = await t.database.db.select().from(notifications).where(eq(notifications.user_id, fo));
    expect(stored.map((n) => n.title).sort()).toEqual(['a 1', 'a 2', 'a 3', 'a 4', 'b 6']);
  });

  it('stores nothing when it rolls back with its run', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await drainReminders(tx, [kindOf('c', [7], [])]);
        throw new Error('the run failed');
      }),
    ).rejects.toThrow('the run failed');
    const stored = await t.database.db.select().from(notifications).where(eq(notifications.title, 'c 7'));
    expect(stored).toEqual([]);
  });
});
