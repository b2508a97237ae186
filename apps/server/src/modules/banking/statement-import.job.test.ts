import type { StatementRefusal } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createBackground } from '../../platform/background.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { STATEMENT_CHUNK } from './statement-import.job.ts';
import { createStatementImportService } from './statement-import.service.ts';
import { bigStatement, buildImportWorld, type ImportWorld } from './statement-import.test-support.ts';

let t: TestContext;
let w: ImportWorld;
const log = { error: () => {}, info: () => {} };

beforeAll(async () => {
  t = await createTestContext();
  w = await buildImportWorld(t);
});
afterAll(() => t.close());

/** The service as the demo seed uses it: no HTTP, a background of its own to wait for. */
function service() {
  const background = createBackground(log);
  return { background, imports: createStatementImportService({ db: t.database.db, background, log }) };
}

const importedCount = async (importId: number) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bank_transactions where import_id = ${importId}`,
    )
  )[0]!.n;

describe('the import job', () => {
  it('imports a statement of several chunks without HTTP, counting every row done', async () => {
    const { background, imports } = service();
    const content = Buffer.from(bigStatement(2_500));
    const started = await imports.commit(null, { bankId: w.bank.gbp, fileName: 'q1.csv', content });
    expect(started).toMatchObject({ status: 'running', rows_total: 2_500 });
    await background.idle();
    expect(await imports.get(started.id)).toMatchObject({
      status: 'done',
      rows_done: 2_500,
      rows_imported: 2_500,
      rows_duplicate: 0,
      refused: [],
    });
    expect(await importedCount(started.id)).toBe(2_500);
    const [audit] = await queryRows<{ n: number; user_id: number | null }>(
      t.database.db,
      sql`select count(*)::int as n, max(user_id) as user_id from audit_log
          where entity = 'statement_import' and entity_id = ${started.id}`,
    );
    expect(audit).toEqual({ n: 1, user_id: null });
  });

  it('stops at a chunk that fails: earlier chunks stay in, the import is failed with where it stopped', async () => {
    // a stand-in for any failure of the database in the middle of a file: line 1,501 is refused
    await t.database.db.execute(
      sql.raw(`create function refuse_line_1500() returns trigger language plpgsql as $$
        begin
          if new.reference like 'Line 1500 %' then raise exception 'refused by the test'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_line_1500 before insert on bank_transactions
        for each row execute function refuse_line_1500()`),
    );
    try {
      const { background, imports } = service();
      const content = Buffer.from(bigStatement(2_500));
      const started = await imports.commit(null, { bankId: w.bank.eur, fileName: 'q1.csv', content });
      await background.idle();
      const failed = await imports.get(started.id);
      expect(failed).toMatchObject({
        status: 'failed',
        rows_done: STATEMENT_CHUNK,
        rows_imported: STATEMENT_CHUNK,
      });
      expect(failed.finished_at).not.toBeNull();
      expect(failed.refused.at(-1)).toEqual({
        line: STATEMENT_CHUNK + 2,
        reason: expect.stringContaining('The import stopped here') as unknown as string,
      } satisfies StatementRefusal);
      expect(await importedCount(started.id)).toBe(STATEMENT_CHUNK);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_line_1500 on bank_transactions'));
    }
  });

  it('imports 10,000 lines in well under 10 s', async () => {
    const { background, imports } = service();
    const content = Buffer.from(bigStatement(10_000).replaceAll('/03/2026', '/04/2026'));
    const start = performance.now();
    const started = await imports.commit(null, { bankId: w.bank.gbp, fileName: 'big.csv', content });
    await background.idle();
    const seconds = (performance.now() - start) / 1000;
    expect(await imports.get(started.id)).toMatchObject({ status: 'done', rows_imported: 10_000 });
    console.info(`statement import: 10,000 lines in ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
  });
});
