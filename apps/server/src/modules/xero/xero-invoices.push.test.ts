import { randomUUID } from 'node:crypto';
import {
  type InvoiceRecord,
  XERO_SYNC_SUCCESS,
  type XeroSettings,
  type XeroSyncError,
  type XeroSyncRun,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from '../../platform/secret-box.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connectXero } from '../../test/xero-double/connect.ts';
import { xeroDate } from '../../test/xero-double/double-state.ts';
import { startXeroDouble, type XeroDouble } from '../../test/xero-double/index.ts';
import { creditNotesOf } from '../../test/xero-double/invoices.ts';
import { confirmedRequest, creditNote, issued } from '../accounting/invoices.test-support.ts';
import {
  addClient,
  allocated,
  buildMatchingWorld,
  insertLine,
  type MatchingWorld,
  supplierDocuments,
  unmatch,
} from '../banking/allocations.test-support.ts';
import type { XeroDeps } from './xero.deps.ts';
import { XeroApiError, type XeroRequest } from './xero-api.ts';
import { createXeroClient } from './xero-client.ts';
import { runInvoicesPush } from './xero-invoices.push.ts';
import { xeroRecordsRepository } from './xero-records.repository.ts';
import type { XeroProgress, XeroSyncContext } from './xero-sync.context.ts';

let double: XeroDouble;
let t: TestContext;
let w: MatchingWorld;
let deps: XeroDeps;
let tenant: string;

beforeAll(async () => {
  double = await startXeroDouble();
  t = await createTestContext(double.env);
  w = await buildMatchingWorld(t);
  await connectXero(t, double, w.token.Accountant);
  tenant = double.state.tenants[0]!.tenantId;
  const base = {
    db: t.database.db,
    config: t.config,
    secrets: createSecretBox(loadSecretKey(t.config.secretKey, t.config.dataDir)),
    jobs: {} as XeroDeps['jobs'],
    background: {} as XeroDeps['background'],
    log: { info() {}, warn() {}, error() {} },
    processId: 'push-test',
  };
  deps = { ...base, client: createXeroClient(base) };
  // Anna and the Ritz are in Xero already (the contacts sync's work, set straight in here).
  await inXero('client', w.client.anna, 'Anna Karenina');
  await inXero('supplier', w.supplier.ritz, 'The Ritz London');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await double?.close();
});

async function inXero(kind: 'client' | 'supplier', id: number, name: string) {
  const contactId = randomUUID();
  double.state.contacts.get(tenant)!.set(contactId, {
    ContactID: contactId,
    Name: name,
    UpdatedDateUTC: xeroDate(Date.now()),
  });
  await xeroRecordsRepository.markPushed(t.database.db, {
    tenantId: tenant,
    kind,
    recordId: id,
    xeroId: contactId,
    fingerprint: null,
    xeroUpdatedAt: null,
    at: new Date(),
  });
  return contactId;
}

/** Runs the step as the run engine does, collecting what it reports. */
async function push(client: XeroDeps['client'] = deps.client) {
  const progress: Required<XeroProgress> = { total: 0, done: 0, created: 0, updated: 0, pulled: 0 };
  const errors: XeroSyncError[] = [];
  const ctx: XeroSyncContext = {
    deps: { ...deps, client },
    runId: 0,
    now: () => new Date(),
    async progress(d) {
      for (const [k, v] of Object.entries(d)) progress[k as keyof XeroProgress] += v ?? 0;
    },
    async fail(e) {
      errors.push(e);
      progress.done += 1;
    },
    async checkpoint() {},
  };
  const writes = () => double.state.calls.filter((c) => c.method !== 'GET').length;
  const before = writes();
  await runInvoicesPush(ctx);
  return { progress, errors, writes: writes() - before };
}

const xeroInvoices = () => [...double.state.invoices.get(tenant)!.values()];
const byNumber = (n: string) => xeroInvoices().find((i) => i.InvoiceNumber === n)!;
const status = (kind: string, id: number, token = w.token.Accountant) =>
  t.request({ method: 'GET', url: `xero/records/${kind}/${id}/`, token });

async function putSettings(change: (s: XeroSettings) => void) {
  const current = (
    await t.request({ method: 'GET', url: 'xero/settings/', token: w.token.Accountant })
  ).json().data;
  change(current);
  const res = await t.request({
    method: 'PUT',
    url: 'xero/settings/',
    token: w.token.Accountant,
    payload: current,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('pushing invoices, bills and payments to Xero', () => {
  let euro: InvoiceRecord;
  let orphan: InvoiceRecord;
  let billId: number;

  it('pushes issued invoices and bills with their lines, account codes, currency and exact amounts', async () => {
    const r = await confirmedRequest(t, w, [
      { sell: '1234.57', sell_currency: 'EUR', account_type: 'Toms EU' },
      { sell: '0.10', sell_currency: 'EUR', account_type: 'Disbursement', hotel_name: 'Transfer' },
    ]);
    euro = await issued(t, w, r);
    const boris = await confirmedRequest(t, w, [{ sell: '99.99' }], { client_id: w.boris });
    orphan = await issued(t, w, boris);
    const { bill } = await supplierDocuments(t, w, { cost: '1000.01' });
    billId = bill!.id;

    const run = await push();

    const sent = byNumber(euro.number);
    expect(sent).toMatchObject({
      Type: 'ACCREC',
      CurrencyCode: 'EUR',
      Status: 'AUTHORISED',
      LineAmountTypes: 'NoTax',
      Reference: r.number,
      DateString: `${euro.issue_date}T00:00:00`,
      Total: '1234.67',
      AmountDue: '1234.67',
    });
    expect(
      (sent.LineItems as Array<Record<string, unknown>>).map((l) => [l.UnitAmount, l.AccountCode]),
    ).toEqual([
      ['1234.57', '200'],
      ['0.1', '260'],
    ]);
    const xeroBill = xeroInvoices().find((i) => i.Type === 'ACCPAY')!;
    expect(xeroBill).toMatchObject({ InvoiceNumber: bill!.number, CurrencyCode: 'GBP', Total: '1000.01' });
    expect((xeroBill.LineItems as Array<Record<string, unknown>>)[0]!.AccountCode).toBe('310');

    // Boris is not in Xero: his invoice fails and says why; the others went
    expect(run.errors).toEqual([
      {
        kind: 'invoice',
        record_id: orphan.id,
        label: orphan.number,
        message: 'Sync contacts first: Boris Godunov is not in Xero yet.',
      },
    ]);
    expect(run.progress).toMatchObject({ total: 3, done: 3, created: 2 });
    expect(xeroInvoices()).toHaveLength(2);

    const answer = (await status('invoice', euro.id)).json().data;
    expect(answer).toMatchObject({ status: 'pushed', xero_id: sent.InvoiceID, error: null });
    expect(answer.pushed_at).not.toBeNull();
    expect((await status('invoice', orphan.id)).json().data).toMatchObject({
      status: 'failed',
      error: 'Sync contacts first: Boris Godunov is not in Xero yet.',
    });
  });

  it('a second run creates nothing and sends nothing unchanged', async () => {
    await inXero('client', w.boris, 'Boris Godunov');
    const run = await push();
    expect(run.errors).toEqual([]);
    expect(run.progress).toMatchObject({ total: 3, done: 3, created: 1, updated: 0 });
    const again = await push();
    expect(again.writes).toBe(0);
    expect(again.progress).toMatchObject({ done: 3, created: 0, updated: 0 });
    expect(xeroInvoices()).toHaveLength(3);
  });

  it('a create retried after a crash finds the invoice Xero already holds instead of making another', async () => {
    const link = await xeroRecordsRepository.find(t.database.db, tenant, 'bill', billId);
    // as if the process died after Xero saved the bill but before its id was recorded
    await t.database.db.execute(sql`delete from xero_records where kind = 'bill' and record_id = ${billId}`);
    const run = await push();
    expect(run.errors).toEqual([]);
    expect(xeroInvoices().filter((i) => i.Type === 'ACCPAY')).toHaveLength(1);
    expect((await xeroRecordsRepository.find(t.database.db, tenant, 'bill', billId))?.xero_id).toBe(
      link!.xero_id,
    );
  });

  it("reports a record Xero refuses with Xero's words while the others go", async () => {
    const bad = await issued(
      t,
      w,
      await confirmedRequest(t, w, [{ sell: '10.00', account_type: 'Toms non EU' }]),
    );
    const good = await issued(t, w, await confirmedRequest(t, w, [{ sell: '20.00' }]));
    await putSettings((s) => {
      s.account_codes['Toms non EU'].sales = '999';
    });
    try {
      const run = await push();
      expect(run.errors).toEqual([
        {
          kind: 'invoice',
          record_id: bad.id,
          label: bad.number,
          message: "Account code '999' is not a valid code for this document.",
        },
      ]);
      expect(byNumber(good.number).Total).toBe('20.00');
      expect(byNumber(bad.number)).toBeUndefined();
      expect((await status('invoice', bad.id)).json().data).toMatchObject({
        status: 'failed',
        xero_id: null,
        error: "Account code '999' is not a valid code for this document.",
      });
    } finally {
      await putSettings((s) => {
        s.account_codes['Toms non EU'].sales = '200';
      });
    }
    const fixed = await push();
    expect(fixed.errors).toEqual([]);
    expect(byNumber(bad.number).Total).toBe('10.00');
  });

  it('pushes a matched payment (AmountDue drops) and deletes it in Xero when the match is undone', async () => {
    const line = await insertLine(t, {
      bank: w.bank.BSLF.EUR,
      amount: '500.05',
      counterparty: { kind: 'client', id: w.client.anna },
      reference: 'Anna wire',
    });
    const match = await allocated(t, w, { transaction: line, invoice: euro.id, amount: '500.05' });
    await putSettings((s) => {
      s.bank_account_codes[String(w.bank.BSLF.EUR)] = '091';
    });
    const run = await push();
    expect(run.errors).toEqual([]);
    const invoice = byNumber(euro.number);
    expect(invoice.AmountDue).toBe('734.62');
    expect(invoice.AmountPaid).toBe('500.05');
    const payment = [...double.state.payments.get(tenant)!.values()][0]!;
    expect(payment).toMatchObject({ Amount: '500.05', Account: { Code: '091' }, Status: 'AUTHORISED' });
    expect((await status('payment', match.id)).json().data).toMatchObject({
      status: 'pushed',
      xero_id: payment.PaymentID,
    });
    expect((await push()).writes).toBe(0);

    const undone = await unmatch(t, w, match.id);
    expect(undone.statusCode, undone.body).toBe(204);
    const after = await push();
    expect(after.errors).toEqual([]);
    expect(payment.Status).toBe('DELETED');
    expect(byNumber(euro.number).AmountDue).toBe('1234.67');
    expect((await status('payment', match.id)).json().data.status).toBeNull();
  });

  it('a payment of an invoice Xero does not hold fails with why', async () => {
    const stranger = await addClient(t, w, 'Ivan', 'Ilyich');
    const inv = await issued(
      t,
      w,
      await confirmedRequest(t, w, [{ sell: '30.00' }], { client_id: stranger }),
    );
    const line = await insertLine(t, { bank: w.bank.BSLF.GBP, amount: '30.00' });
    const match = await allocated(t, w, { transaction: line, invoice: inv.id, amount: '30.00' });
    const run = await push();
    expect(run.errors.map((e) => [e.kind, e.record_id, e.message])).toEqual([
      ['invoice', inv.id, 'Sync contacts first: Ivan Ilyich is not in Xero yet.'],
      ['payment', match.id, `${inv.number} is not in Xero yet, so its payment cannot be recorded there.`],
    ]);
    // once the contacts sync put Ivan in Xero, the next run takes the invoice and then its payment
    await inXero('client', stranger, 'Ivan Ilyich');
    expect((await push()).errors).toEqual([]);
    expect(byNumber(inv.number)).toMatchObject({ AmountDue: '0.00', Status: 'PAID' });
    expect((await status('payment', match.id)).json().data.status).toBe('pushed');
  });

  it('a batch Xero refuses as a whole fails each of its records and the run goes on; Xero down stops the run', async () => {
    const a = await issued(t, w, await confirmedRequest(t, w, [{ sell: '11.00' }]));
    const b = await issued(t, w, await confirmedRequest(t, w, [{ sell: '12.00' }]));
    const refusing = (status: number) => ({
      async request<T>(req: XeroRequest) {
        if (req.method === 'POST' && req.path.endsWith('/Invoices'))
          throw new XeroApiError(status, { Title: 'Refused', Detail: 'The request body could not be read' });
        return deps.client.request<T>(req);
      },
    });
    const run = await push(refusing(400));
    expect(run.errors.map((e) => [e.record_id, e.message])).toEqual([
      [a.id, 'Xero answered 400: The request body could not be read'],
      [b.id, 'Xero answered 400: The request body could not be read'],
    ]);
    await expect(push(refusing(503))).rejects.toThrow('Xero answered 503');
    expect((await push()).errors).toEqual([]);
    expect(byNumber(a.number).Total).toBe('11.00');
  });

  it('pushes a credit note as ACCRECCREDIT and applies its credit to the invoice in Xero, once', async () => {
    const inv = await issued(
      t,
      w,
      await confirmedRequest(t, w, [{ sell: '100.00' }, { sell: '50.25', account_type: 'Disbursement' }]),
    );
    expect((await push()).errors).toEqual([]);
    const res = await creditNote(t, w, inv);
    expect(res.statusCode, res.body).toBe(201);
    const note = (
      await t.request({ method: 'GET', url: `client-invoices/${inv.id}/`, token: w.token.Accountant })
    ).json().data.credit_notes[0] as { id: number; number: string };

    const run = await push();
    expect(run.errors).toEqual([]);
    const notes = () => [...creditNotesOf(double.state, tenant).values()];
    expect(notes()).toHaveLength(1);
    const sent = notes()[0]!;
    expect(sent).toMatchObject({
      Type: 'ACCRECCREDIT',
      CreditNoteNumber: note.number,
      Reference: inv.number,
      Total: '150.25',
      RemainingCredit: '0.00',
    });
    expect(
      (sent.LineItems as Array<Record<string, unknown>>).map((l) => [l.UnitAmount, l.AccountCode]),
    ).toEqual([
      ['100', '200'],
      ['50.25', '260'],
    ]);
    expect(byNumber(inv.number)).toMatchObject({
      AmountCredited: '150.25',
      AmountDue: '0.00',
      Status: 'PAID',
    });
    expect((await status('invoice', note.id)).json().data).toMatchObject({
      status: 'pushed',
      xero_id: sent.CreditNoteID,
    });
    expect((await push()).writes).toBe(0);

    // a retried create after a crash finds the note and its allocation instead of repeating them
    await t.database.db.execute(
      sql`delete from xero_records where kind = 'invoice' and record_id = ${note.id}`,
    );
    const retried = await push();
    expect(retried.errors).toEqual([]);
    expect(retried.writes).toBe(0);
    expect(notes()).toHaveLength(1);
    expect((await status('invoice', note.id)).json().data.xero_id).toBe(sent.CreditNoteID);
  });

  it('POST xero/invoices/ runs the push in the background: success, then a run that lists what failed', async () => {
    const startRun = async () => {
      const res = await t.request({ method: 'POST', url: 'xero/invoices/', token: w.token.Accountant });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as number;
      for (let i = 0; i < 100; i++) {
        await t.app.background.idle();
        const run = (
          await t.request({ method: 'GET', url: `xero/runs/${id}/`, token: w.token.Accountant })
        ).json().data as XeroSyncRun;
        if (run.status === 'done' || run.status === 'failed') return run;
      }
      throw new Error(`run ${id} did not end`);
    };
    const good = await issued(t, w, await confirmedRequest(t, w, [{ sell: '40.00' }]));
    const ok = await startRun();
    expect(ok).toMatchObject({
      kind: 'invoices',
      status: 'done',
      message: XERO_SYNC_SUCCESS,
      created: 1,
      failed: 0,
    });
    expect(byNumber(good.number).Total).toBe('40.00');

    const nobody = await addClient(t, w, 'Nobody', 'Known');
    const bad = await issued(t, w, await confirmedRequest(t, w, [{ sell: '41.00' }], { client_id: nobody }));
    const failed = await startRun();
    expect(failed).toMatchObject({ status: 'done', created: 0, failed: 1 });
    expect(failed.message).not.toBe(XERO_SYNC_SUCCESS);
    expect(failed.errors).toEqual([
      {
        kind: 'invoice',
        record_id: bad.id,
        label: bad.number,
        message: 'Sync contacts first: Nobody Known is not in Xero yet.',
      },
    ]);
  });

  it('records route: null for a record never pushed; FO is refused', async () => {
    expect((await status('client', 999_999)).json().data).toEqual({
      kind: 'client',
      record_id: 999_999,
      status: null,
      xero_id: null,
      pushed_at: null,
      error: null,
    });
    expect((await status('invoice', euro.id, w.token.FO)).statusCode).toBe(403);
    expect((await status('nonsense', 1)).statusCode).toBe(400);
  });
});
