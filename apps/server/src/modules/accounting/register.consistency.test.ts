import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { registerRepository } from './register.repository.ts';
import {
  buildRegisterWorld,
  day,
  expectRegisterConsistent,
  insertBill,
  insertInvoice,
  type RegisterWorld,
} from './register.test-support.ts';

let t: TestContext;
let w: RegisterWorld;
let invoice: number;
let bill: number;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildRegisterWorld(t);
  const db = t.database.db;
  invoice = await insertInvoice(db, w, {
    number: 'BSLF-INV-2026-0001',
    company: w.company.BSLF,
    client: w.emile,
    request: w.request.emile,
    currency: 'GBP',
    issue: day(-3),
    due: day(11),
    total: '1250.00',
  });
  await insertInvoice(db, w, {
    kind: 'credit_note',
    number: 'BSLF-CN-2026-0001',
    company: w.company.BSLF,
    client: w.emile,
    request: w.request.emile,
    credits: invoice,
    currency: 'GBP',
    issue: day(-1),
    due: day(-1),
    total: '-250.00',
  });
  bill = await insertBill(db, w, {
    number: 'r-7781',
    company: w.company.TPRO,
    supplier: w.supplier.jets,
    request: w.request.jets,
    currency: 'AED',
    issue: day(-2),
    due: day(5),
    amount: '4000.00',
  });
});
afterAll(() => t.close());

it('holds one row per document, equal to the row recomputed from the document', async () => {
  expect(await expectRegisterConsistent(t.database.db)).toBe(3);
});

it('follows sending, settlement and a bill’s edit when the writer syncs in the same transaction', async () => {
  await t.database.db.transaction(async (tx) => {
    const ex = tx as unknown as Db;
    await ex.execute(
      sql`update client_invoices set sent_at = now(), sent_to = 'e@example.com', settled_amount = 250 where id = ${invoice}`,
    );
    await registerRepository.syncInvoice(ex, invoice);
    await ex.execute(
      sql`update supplier_invoices set number = 'R-7781/B', amount = 4100, settled_amount = 4100 where id = ${bill}`,
    );
    await registerRepository.syncBill(ex, bill);
  });
  expect(await expectRegisterConsistent(t.database.db)).toBe(3);
  const [row] = await queryRows<{ sent: boolean; payment_status: string; open: string }>(
    t.database.db,
    sql`select sent, payment_status, open_amount::text as open from document_register where doc_kind = 'invoice' and doc_id = ${invoice}`,
  );
  expect(row).toEqual({ sent: true, payment_status: 'Partial', open: '1000.00' });
});

it('fails when a document changes without its sync, and when a register row has no document', async () => {
  const db = t.database.db;
  await db.execute(sql`update supplier_invoices set due_date = due_date + 1 where id = ${bill}`);
  await expect(expectRegisterConsistent(db)).rejects.toThrow();
  await registerRepository.syncBill(db, bill);
  expect(await expectRegisterConsistent(db)).toBe(3);
  await db.execute(sql`delete from supplier_invoices where id = ${bill}`);
  await expect(expectRegisterConsistent(db)).rejects.toThrow();
  await registerRepository.removeBill(db, bill);
  expect(await expectRegisterConsistent(db)).toBe(2);
});
