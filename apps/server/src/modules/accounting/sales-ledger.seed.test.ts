import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemoUpTo } from '../../test/seeded.ts';
import { expectSalesLedgerConsistent } from './sales-ledger.test-support.ts';

// Apart from the consistency test: seeding the demo takes most of a minute on PGlite.
describe('the demo data', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemoUpTo(t, new Date('2026-11-24T10:00:00Z'), 'banking');
  }, 180_000);
  afterAll(() => t.close());

  it('leaves a consistent ledger with invoices, a credit note, bills and estimates', async () => {
    expect(await expectSalesLedgerConsistent(t.database.db)).toBeGreaterThan(50);
    const kinds = await queryRows<{ kind: string; cost_source: string }>(
      t.database.db,
      sql`select distinct kind, cost_source from sales_ledger order by 1, 2`,
    );
    expect(kinds.map((k) => `${k.kind} ${k.cost_source}`)).toEqual(
      expect.arrayContaining(['invoice bill', 'invoice estimated', 'invoice none']),
    );
    expect(kinds.some((k) => k.kind === 'credit_note')).toBe(true);
  });
});
