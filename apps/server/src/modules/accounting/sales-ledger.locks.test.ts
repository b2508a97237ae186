import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PERIOD_LOCK_MESSAGES, type RequestRecord } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { multipart, pdfBytes } from './bills.test-support.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  type InvoicesWorld,
  issue,
  todayUtc,
} from './invoices.test-support.ts';
import { expectSalesLedgerConsistent } from './sales-ledger.test-support.ts';

/**
 * The sales ledger against the locks around it: closed months (a rate change refused), a bill
 * edit the ledger does not read (no line lock), the month sums' base, and (PostgreSQL) a rate
 * correction racing an invoice and a bill of the same line.
 */

interface World {
  t: TestContext;
  w: InvoicesWorld;
  db: Db;
  dataDir: string;
}

async function openWorld(prefix: string): Promise<World> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const t = await createTestContext({ DATA_DIR: dataDir });
  return { t, w: await buildInvoicesWorld(t), db: t.database.db, dataDir };
}

async function closeWorld(x: World | undefined) {
  if (!x) return;
  await x.t.close();
  fs.rmSync(x.dataDir, { recursive: true, force: true });
}

/** The last day of last month: ended (so it can be closed), inside the world's first set. */
const now = new Date();
const lastMonthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  .toISOString()
  .slice(0, 10);
const lastMonth = lastMonthEnd.slice(0, 7);

let bills = 0;
function postBill(x: World, line: RequestRecord['lines'][number], issueDate: string) {
  bills += 1;
  return x.t.request({
    method: 'POST',
    url: 'supplier-invoices/',
    token: x.w.token.Accountant,
    ...multipart(
      {
        supplier: String(line.supplier!.id),
        number: `LOCKS-${bills}`,
        issue_date: issueDate,
        currency: line.cost_currency,
        amount: line.cost,
        lines: JSON.stringify([line.id]),
      },
      { name: 'bill.pdf', content: pdfBytes(`locks-${bills}`) },
    ),
  });
}

async function issuedOn(x: World, r: RequestRecord, issueDate: string) {
  const res = await issue(x.t, x.w, {
    request: r.id,
    lines: r.lines.map((l) => l.id),
    issue_date: issueDate,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The direct record of a pair in the world's set. */
async function recordOf(x: World, from: string, to: string) {
  const [r] = await queryRows<{ id: number; sell: string; buy: string }>(
    x.db,
    sql`select id, rate_sell::text as sell, rate_buy::text as buy from exchange_rates
        where rate_set_id = ${x.w.rateSet} and original_currency = ${from} and target_currency = ${to}`,
  );
  return r!;
}

/** PATCH of a direct record: sell and buy moved by 2%. */
async function correct(x: World, from: string, to: string) {
  const r = await recordOf(x, from, to);
  const moved = (v: string) => (Number(v) * 1.02).toFixed(4);
  return x.t.request({
    method: 'PATCH',
    url: `exchange-rates/${r.id}/`,
    token: x.w.token.Admin,
    payload: {
      id: r.id,
      original_currency: { named: from },
      target_currency: { named: to },
      rate: moved(r.sell),
      rate_sell: moved(r.sell),
      rate_buy: moved(r.buy),
    } as never,
  });
}

const closeMonth = (x: World, company: number) =>
  x.t.request({
    method: 'POST',
    url: 'period-locks/',
    token: x.w.token.Accountant,
    payload: { company, month: lastMonth },
  });
const reopenMonth = (x: World, company: number) =>
  x.t.request({ method: 'DELETE', url: `period-locks/${company}/${lastMonth}/`, token: x.w.token.Admin });

const ledgerState = (x: World) =>
  queryRows(
    x.db,
    sql`select (select json_agg(s order by invoice_line_id) from sales_ledger s) as ledger,
          (select json_agg(m order by basis, month, company_id, account_type, currency) from sales_month_sums m) as sums,
          (select json_agg(e order by id) from exchange_rates e) as rates`,
  );

describe('the sales ledger and the locks around it', () => {
  let x: World;
  beforeAll(async () => {
    x = await openWorld('sales-ledger-locks-');
  });
  afterAll(() => closeWorld(x));

  it('refuses a rate change that would move a document of a closed month, by its invoice or its bill', async () => {
    const { BSLF, TPRO } = x.w.company;
    // BSLF: a GBP invoice dated last month
    await issuedOn(x, await confirmedRequest(x.t, x.w, [{}]), lastMonthEnd);
    // TPRO (AED base): an AED sale invoiced today, its GBP cost billed last month
    const tpro = await confirmedRequest(x.t, x.w, [{ sell_currency: 'AED', sell: '5000.00' }], {
      company_id: TPRO,
    });
    await issuedOn(x, tpro, todayUtc());
    const bill = await postBill(x, tpro.lines[0]!, lastMonthEnd);
    expect(bill.statusCode, bill.body).toBe(201);
    await expectSalesLedgerConsistent(x.db);

    const refusal = (company: string) =>
      `Rate set ${x.w.rateSet} values documents dated in a closed month, whose figures this change would move: ${PERIOD_LOCK_MESSAGES.locked(`${lastMonth}-01`, company)}.`;
    const expectRefused = async (company: string, change = () => correct(x, 'GBP', 'AED')) => {
      const before = await ledgerState(x);
      const res = await change();
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ errors: [{ code: 'period_locked', detail: refusal(company) }] });
      // nothing moved: neither the rates nor the ledger nor its sums
      expect(await ledgerState(x)).toEqual(before);
    };

    // the invoice's month closed (the TPRO bill's month still open)
    expect((await closeMonth(x, BSLF)).statusCode).toBe(201);
    await expectRefused('BSLF');
    // the bill's month closed, the invoice's open
    expect((await reopenMonth(x, BSLF)).statusCode).toBe(200);
    expect((await closeMonth(x, TPRO)).statusCode).toBe(201);
    await expectRefused('TPRO');
    // so is a pair deleted: AED → EUR would then go through another currency, moving the bill's EUR
    const eurAed = await recordOf(x, 'EUR', 'AED');
    await expectRefused('TPRO', () =>
      x.t.request({ method: 'DELETE', url: `exchange-rates/${eurAed.id}/`, token: x.w.token.Admin }),
    );

    // EUR/USD values none of them (GBP and AED bases convert directly; the bill's GBP is its own
    // figure), so its correction moves nothing closed and goes through
    const sideways = await correct(x, 'EUR', 'USD');
    expect(sideways.statusCode, sideways.body).toBe(200);
    await expectSalesLedgerConsistent(x.db);

    // reopened, the correction goes through and the ledger follows it
    expect((await reopenMonth(x, TPRO)).statusCode).toBe(200);
    const done = await correct(x, 'GBP', 'AED');
    expect(done.statusCode, done.body).toBe(200);
    await expectSalesLedgerConsistent(x.db);
  });

  it('leaves the ledger and the bill’s request lines alone on an edit the ledger does not read', async () => {
    const r = await confirmedRequest(x.t, x.w, [{ cost: '640.00' }]);
    await issuedOn(x, r, todayUtc());
    const created = await postBill(x, r.lines[0]!, todayUtc());
    expect(created.statusCode, created.body).toBe(201);
    const bill = created.json().data as { id: number; version: number };
    // xmax: the last transaction that locked (or deleted) the row version; xmin: the one that wrote it
    const probe = async () =>
      (
        await queryRows<{ line_xmax: string; ledger_xmin: string; sums: string }>(
          x.db,
          sql`select (select xmax::text from request_lines where id = ${r.lines[0]!.id}) as line_xmax,
                (select xmin::text from sales_ledger where line_id = ${r.lines[0]!.id}) as ledger_xmin,
                (select string_agg(xmin::text, ',' order by basis, month, company_id, account_type, currency)
                  from sales_month_sums) as sums`,
        )
      )[0]!;
    const before = await probe();
    const patch = (payload: Record<string, unknown>) =>
      x.t.request({
        method: 'PATCH',
        url: `supplier-invoices/${bill.id}/`,
        token: x.w.token.Accountant,
        payload: payload as never,
      });
    const noted = await patch({
      internal_note: 'Checked with the hotel',
      number: 'LOCKS-N',
      version: bill.version,
    });
    expect(noted.statusCode, noted.body).toBe(200);
    // no lock on the request line, no ledger row or sum written
    expect(await probe()).toEqual(before);

    // a new date is a new stamp: the line is locked and its sale re-costed
    const redated = await patch({
      issue_date: lastMonthEnd,
      due_date: null,
      version: (noted.json().data as { version: number }).version,
    });
    expect(redated.statusCode, redated.body).toBe(200);
    expect((await probe()).line_xmax).not.toBe(before.line_xmax);
    await expectSalesLedgerConsistent(x.db);
  });

  it('keeps the base beside a month sum’s key as the latest write has it', async () => {
    // the two sums a BSLF GBP sale of today departing 2026-06-01 moves
    const touched = sql`company_id = ${x.w.company.BSLF} and account_type = 'Toms EU' and currency = 'GBP'
      and ((basis = 'invoice' and month = ${`${todayUtc().slice(0, 7)}-01`}::date)
        or (basis = 'service' and month = '2026-06-01'))`;
    // a stale label (as a company whose base was changed would leave it) is set right by the next write
    await x.db.execute(sql`update sales_month_sums set base_currency = 'EUR' where ${touched}`);
    await issuedOn(x, await confirmedRequest(x.t, x.w, [{}]), todayUtc());
    const labels = await queryRows<{ basis: string; base_currency: string }>(
      x.db,
      sql`select basis, base_currency from sales_month_sums where ${touched} order by basis`,
    );
    expect(labels).toEqual([
      { basis: 'invoice', base_currency: 'GBP' },
      { basis: 'service', base_currency: 'GBP' },
    ]);
    await expectSalesLedgerConsistent(x.db);
  });
});

/** Backends of this database waiting for a lock (row, transaction or advisory). */
async function lockWaits(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row!.n;
}

/** Polls until `n` backends wait for a lock: the order of the race is then known, not timed. */
async function untilWaiting(db: Db, n: number) {
  for (let i = 0; i < 1000; i++) {
    if ((await lockWaits(db)) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never ${n} backends waiting for a lock`);
}

// PGlite serialises transactions, so the race is only real on PostgreSQL (DATABASE_URL set).
describe.runIf(onPostgres)('a rate correction racing the ledger’s writers (PostgreSQL)', () => {
  let x: World;
  beforeAll(async () => {
    x = await openWorld('sales-ledger-rate-race-');
  });
  afterAll(() => closeWorld(x));

  it('neither deadlocks nor loses a write when an invoice then a bill of one line race a correction of its set', async () => {
    // a sum row the invoice will move, held by a blocker: the invoice stops inside its ledger write,
    // holding its line, after it has read the set
    await issuedOn(x, await confirmedRequest(x.t, x.w, [{}]), todayUtc());
    const r = await confirmedRequest(x.t, x.w, [{}]);
    let release!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const blocker = x.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from sales_month_sums where company_id = ${x.w.company.BSLF} for update`);
      held();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await holding;
    const issuing = issue(x.t, x.w, { request: r.id, lines: [r.lines[0]!.id], issue_date: todayUtc() });
    await untilWaiting(x.db, 1);
    // the correction of the invoice's set starts while the invoice is not committed
    const correcting = correct(x, 'GBP', 'AED');
    await untilWaiting(x.db, 2);
    // and a bill of the same line, behind the invoice
    const billing = postBill(x, r.lines[0]!, todayUtc());
    await untilWaiting(x.db, 3);
    release();
    await blocker;
    const [issued, corrected, billed] = await Promise.all([issuing, correcting, billing]);
    expect(
      [issued.statusCode, corrected.statusCode, billed.statusCode],
      `${corrected.body} ${billed.body}`,
    ).toEqual([201, 200, 201]);
    // the line's row: billed, valued with the corrected set
    await expectSalesLedgerConsistent(x.db);
    const [row] = await queryRows<{ cost_source: string }>(
      x.db,
      sql`select cost_source from sales_ledger where line_id = ${r.lines[0]!.id}`,
    );
    expect(row!.cost_source).toBe('bill');
  });
});
