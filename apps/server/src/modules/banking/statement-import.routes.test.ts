import {
  PERIOD_LOCK_MESSAGES,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_ROWS,
  STATEMENT_MESSAGES,
  type StatementImport,
  type StatementPreview,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  buildImportWorld,
  type ImportWorld,
  importTables,
  multipart,
  postStatement,
} from './statement-import.test-support.ts';

let t: TestContext;
let w: ImportWorld;
let accountant: string;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildImportWorld(t);
  accountant = w.token.Accountant;
});
afterAll(() => t.close());

const STATEMENT = [
  'Date,Description,Payee,Paid out,Paid in',
  '02/03/2026,"Invoice BSLF-INV-2026-0007, thank you",Anna Karenina,,"1,200.00"',
  '03/03/2026,Room 12,the ritz  LONDON,350.00,',
  '04/03/2026,Deposit,KARENINA anna,,(50.00)',
  '05/03/2026,Mystery,Somebody Unknown,12.00,',
  '31/02/2026,Bad day,Anna Karenina,1.00,',
  '06/03/2026,Bad amount,Anna Karenina,abc,',
  '06/03/2026,Nothing,Anna Karenina,0.00,',
  '03/03/2026,Room 12,the ritz  LONDON,350.00,',
].join('\r\n');

const lineRows = () =>
  queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select bank_id, currency, type, way, date::text as date, amount::text as amount,
               counterparty_kind, counterparty_id, reference, reference_words, import_id, dedupe_key,
               created_by, match_status, search_vector::text as search_vector
        from bank_transactions order by id`,
  );

async function waitForImport(id: number): Promise<StatementImport> {
  await t.app.background.idle();
  const res = await t.request({ method: 'GET', url: `transactions/import/${id}/`, token: accountant });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('preview', () => {
  it('answers the parsed rows, the refused ones with reasons and the duplicates, writing only the mapping', async () => {
    const before = await importTables(t);
    const res = await postStatement(t, accountant, w.bank.gbp, STATEMENT);
    expect(res.statusCode, res.body).toBe(200);
    const preview: StatementPreview = res.json().data;
    expect(preview).toMatchObject({
      bank: w.bank.gbp,
      file_name: 'statement.csv',
      columns: ['Date', 'Description', 'Payee', 'Paid out', 'Paid in'],
      mapping: {
        date: 'Date',
        reference: 'Description',
        counterparty: 'Payee',
        debit: 'Paid out',
        credit: 'Paid in',
        date_format: 'DD/MM/YYYY',
        decimal_comma: false,
      },
      rows_total: 8,
      rows_valid: 5,
      duplicates: 1,
    });
    expect(preview.rows).toEqual([
      {
        line: 2,
        date: '2026-03-02',
        amount: '1200.00',
        type: 'RECEIVE',
        reference: 'Invoice BSLF-INV-2026-0007, thank you',
        counterparty_name: 'Anna Karenina',
        counterparty: { kind: 'client', id: w.client.anna, name: 'Anna Karenina' },
        duplicate: false,
      },
      {
        line: 3,
        date: '2026-03-03',
        amount: '350.00',
        type: 'SPEND',
        reference: 'Room 12',
        counterparty_name: 'the ritz  LONDON',
        counterparty: { kind: 'supplier', id: w.supplier.ritz, name: 'The Ritz London' },
        duplicate: false,
      },
      // the credit column is money in, brackets or not; the client is found under "last first"
      expect.objectContaining({
        line: 4,
        type: 'RECEIVE',
        amount: '50.00',
        counterparty: { kind: 'client', id: w.client.anna, name: 'Anna Karenina' },
      }),
      expect.objectContaining({ line: 5, counterparty_name: 'Somebody Unknown', counterparty: null }),
      expect.objectContaining({ line: 9, duplicate: true }),
    ]);
    expect(preview.refused).toEqual([
      { line: 6, reason: STATEMENT_MESSAGES.badDate('31/02/2026', 'DD/MM/YYYY') },
      { line: 7, reason: STATEMENT_MESSAGES.badAmount('abc') },
      { line: 8, reason: STATEMENT_MESSAGES.zeroAmount },
    ]);
    const after = await importTables(t);
    expect(after).toEqual({ ...before, mappings: before.mappings + 1 });
  });

  it('remembers the mapping per bank account: the next preview without one uses it', async () => {
    const odd = ['When;Sum;Text', '01.03.2026;-1.234,50;Rent March'].join('\n');
    const mapping = { date: 'When', amount: 'Sum', reference: 'Text' };
    const first = await postStatement(t, accountant, w.bank.eur, odd, { mapping });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.mapping).toEqual({
      ...mapping,
      date_format: 'DD.MM.YYYY',
      decimal_comma: true,
    });
    const again = await postStatement(t, accountant, w.bank.eur, odd);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.mapping).toEqual(first.json().data.mapping);
    expect(again.json().data.rows[0]).toMatchObject({ date: '2026-03-01', amount: '1234.50', type: 'SPEND' });
    // the other account has nothing remembered for these headers
    const other = await postStatement(t, accountant, w.bank.gbp, odd);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([
      { code: 'statement_without_date', detail: STATEMENT_MESSAGES.withoutDate },
    ]);
  });
});

describe('commit', () => {
  it('imports in the background, reports progress to done, and a second import of the file adds nothing', async () => {
    const res = await postStatement(t, accountant, w.bank.gbp, STATEMENT, {
      commit: true,
      name: 'march.csv',
    });
    expect(res.statusCode, res.body).toBe(202);
    const started: StatementImport = res.json().data;
    expect(started).toMatchObject({
      bank: { id: w.bank.gbp, named: 'Coutts GBP (…6819)' },
      file_name: 'march.csv',
      status: 'running',
      rows_total: 8,
      finished_at: null,
    });
    const done = await waitForImport(started.id);
    expect(done).toMatchObject({
      status: 'done',
      rows_total: 8,
      rows_done: 8,
      rows_imported: 4,
      rows_duplicate: 1,
    });
    expect(done.finished_at).not.toBeNull();
    expect(done.refused.map((r) => r.line)).toEqual([6, 7, 8]);

    const rows = await lineRows();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      bank_id: w.bank.gbp,
      currency: 'GBP',
      type: 'RECEIVE',
      way: 'pay',
      date: '2026-03-02',
      amount: '1200.00',
      counterparty_kind: 'client',
      counterparty_id: w.client.anna,
      reference: 'Invoice BSLF-INV-2026-0007, thank you',
      reference_words: ['BSLF-INV-2026-0007'],
      import_id: started.id,
      dedupe_key: '2026-03-02|1200.00|anna karenina invoice bslf-inv-2026-0007, thank you',
      created_by: w.userId.Accountant,
      match_status: 'unmatched',
    });
    expect(rows[0]!.search_vector).toContain("'karenina'");
    expect(rows[1]).toMatchObject({
      type: 'SPEND',
      counterparty_kind: 'supplier',
      counterparty_id: w.supplier.ritz,
    });
    // an unknown payee stays in the bank text
    expect(rows[3]).toMatchObject({ counterparty_kind: null, reference: 'Somebody Unknown · Mystery' });

    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=statement_import&entity_id=${started.id}`,
      token: accountant,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data).toHaveLength(1);
    expect(audit.json().data[0].changes).toMatchObject({
      rows_imported: [null, 4],
      rows_duplicate: [null, 1],
      rows_refused: [null, 3],
    });

    const preview = await postStatement(t, accountant, w.bank.gbp, STATEMENT);
    expect(preview.json().data).toMatchObject({ rows_valid: 5, duplicates: 5 });
    const again = await postStatement(t, accountant, w.bank.gbp, STATEMENT, { commit: true });
    expect(again.statusCode).toBe(202);
    expect(await waitForImport(again.json().data.id)).toMatchObject({
      status: 'done',
      rows_imported: 0,
      rows_duplicate: 5,
    });
    expect(await lineRows()).toHaveLength(4);

    const list = await t.request({
      method: 'GET',
      url: `transactions/import/?bank=${w.bank.gbp}`,
      token: accountant,
    });
    expect(list.json().data.map((i: StatementImport) => i.id)).toEqual([again.json().data.id, started.id]);
    const none = await t.request({
      method: 'GET',
      url: `transactions/import/?bank=${w.bank.eur}`,
      token: accountant,
    });
    expect(none.json().data).toEqual([]);
  });

  it('refuses lines dated in a closed month of the account’s company and imports the rest', async () => {
    await t.database.db.execute(
      sql`insert into period_locks (company_id, month) values (${w.company.BSLF}, '2026-01-01')`,
    );
    const file = [
      'Date,Description,Amount',
      '2026-01-31,January fee,-10.00',
      '2026-02-01,February fee,-10.00',
    ];
    const res = await postStatement(t, accountant, w.bank.eur, file.join('\n'), {
      commit: true,
      mapping: { date: 'Date', amount: 'Amount', reference: 'Description' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitForImport(res.json().data.id);
    expect(done).toMatchObject({ status: 'done', rows_imported: 1, rows_duplicate: 0 });
    expect(done.refused).toEqual([{ line: 2, reason: PERIOD_LOCK_MESSAGES.locked('2026-01', 'BSLF') }]);
  });
});

describe('bad input: a 400 and nothing written', () => {
  const refused = async (body: Awaited<ReturnType<typeof postStatement>>, code: string, detail?: string) => {
    expect(body.statusCode, body.body).toBe(400);
    const errors = body.json().errors;
    expect(Array.isArray(errors) ? errors[0].code : 'validation').toBe(code.toLowerCase());
    if (detail) expect(errors[0].detail).toBe(detail);
  };

  it('refuses a PNG, a file without a date column, an unknown column, too many rows, too large a file', async () => {
    const before = await importTables(t);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    for (const commit of [false, true]) {
      await refused(
        await postStatement(t, accountant, w.bank.gbp, png, { commit, name: 'statement.csv' }),
        'UNSUPPORTED_FILE',
        STATEMENT_MESSAGES.notCsv,
      );
      await refused(
        await postStatement(t, accountant, w.bank.gbp, 'Posted,Amount\n2026-03-01,1.00', { commit }),
        'STATEMENT_WITHOUT_DATE',
        STATEMENT_MESSAGES.withoutDate,
      );
      await refused(
        await postStatement(t, accountant, w.bank.gbp, STATEMENT, {
          commit,
          mapping: { date: 'Date', amount: 'Total' },
        }),
        'STATEMENT_INVALID',
        STATEMENT_MESSAGES.missingColumn('Total'),
      );
      await refused(
        await postStatement(t, accountant, w.bank.gbp, STATEMENT, {
          commit,
          mapping: { date: 'Booked', amount: 'Paid in' },
        }),
        'STATEMENT_WITHOUT_DATE',
        STATEMENT_MESSAGES.missingColumn('Booked'),
      );
      await refused(
        await postStatement(t, accountant, w.bank.gbp, STATEMENT, { commit, mapping: { amount: 'Paid in' } }),
        'VALIDATION',
      );
    }
    const tooMany = ['Date,Amount', ...Array.from({ length: STATEMENT_MAX_ROWS + 1 }, () => '2026-03-01,1')];
    await refused(
      await postStatement(t, accountant, w.bank.gbp, tooMany.join('\n'), { commit: true }),
      'STATEMENT_INVALID',
      STATEMENT_MESSAGES.tooManyRows(STATEMENT_MAX_ROWS),
    );
    const huge = Buffer.alloc(STATEMENT_MAX_BYTES + 1, 'a');
    await refused(
      await postStatement(t, accountant, w.bank.gbp, huge, { commit: true }),
      'FILE_TOO_LARGE',
      STATEMENT_MESSAGES.tooLarge,
    );
    expect(await importTables(t)).toEqual(before);
  });

  it('asks for the bank account and the file', async () => {
    const noBank = await t.request({
      method: 'POST',
      url: 'transactions/import/',
      token: accountant,
      ...multipart({ name: 's.csv', content: STATEMENT }, {}),
    });
    expect(noBank.statusCode).toBe(400);
    expect(noBank.json().errors).toEqual({ bank: ['Required field'] });
    const unknown = await postStatement(t, accountant, 999_999, STATEMENT);
    expect(unknown.json().errors).toEqual({ bank: ['Invalid field value'] });
    const noFile = await t.request({
      method: 'POST',
      url: 'transactions/import/',
      token: accountant,
      ...multipart(null, { bank: String(w.bank.gbp) }),
    });
    expect(noFile.json().errors).toEqual({ file: ['Required field'] });
    const missing = await t.request({ method: 'GET', url: 'transactions/import/999999/', token: accountant });
    expect(missing.statusCode).toBe(404);
  });
});

describe('access', () => {
  it('lets the Accountant and the Admin in, not FO or BO', async () => {
    const admin = await postStatement(t, w.token.Admin, w.bank.gbp, STATEMENT);
    expect(admin.statusCode).toBe(200);
    for (const role of ['FO', 'BO'] as const) {
      const token = w.token[role];
      expect((await postStatement(t, token, w.bank.gbp, STATEMENT, { commit: true })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: 'transactions/import/', token })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: 'transactions/import/1/', token })).statusCode).toBe(403);
    }
  });
});
