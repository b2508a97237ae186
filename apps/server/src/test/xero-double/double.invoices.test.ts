import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xeroDate } from './double-state.ts';
import { startXeroDouble, type XeroDouble } from './index.ts';
import { creditNotesOf } from './invoices.ts';

let double: XeroDouble;
let tenant: string;
const TOKEN = 'double-invoices-test-token';
const CONTACT = '11111111-2222-3333-4444-555555555555';

/** A tenant connected with a live bearer token and one contact, set straight into the double. */
beforeAll(async () => {
  double = await startXeroDouble();
  const { state } = double;
  tenant = state.tenants[0]!.tenantId;
  state.accessTokens.set(TOKEN, { grantId: 'grant-1', expiresAt: state.clock.now() + 3_600_000 });
  state.connections.push({ id: 'conn-1', tenantId: tenant, grantId: 'grant-1', createdDateUtc: '' });
  state.contacts.get(tenant)!.set(CONTACT, {
    ContactID: CONTACT,
    Name: 'Anna Karenina',
    UpdatedDateUTC: xeroDate(state.clock.now()),
  });
});
afterAll(() => double.close());

async function call(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${double.url}/api/api.xro/2.0/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'xero-tenant-id': tenant,
      accept: 'application/json',
      ...(body && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body && { body }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: Xero's answers are read loosely here
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const invoiceBody = (over: Record<string, string> = {}) =>
  `{"Invoices":[{"Type":"ACCREC","Contact":{"ContactID":"${CONTACT}"},"InvoiceNumber":"${over.number ?? 'T-1'}",
   "Date":"2026-11-25","DueDate":"2026-12-25","CurrencyCode":"${over.currency ?? 'EUR'}","LineAmountTypes":"NoTax",
   "Status":"AUTHORISED","LineItems":[
     {"Description":"Hotel","Quantity":1,"UnitAmount":0.10,"AccountCode":"${over.code ?? '200'}"},
     {"Description":"Transfer","Quantity":1,"UnitAmount":12345678901234.20,"AccountCode":"260"}]}]}`;

describe('the Xero double: Invoices and Payments', () => {
  let invoiceId: string;

  it('creates an invoice with exact totals (no float rounding of 0.10 + 12345678901234.20)', async () => {
    const res = await call('PUT', 'Invoices', invoiceBody());
    expect(res.status).toBe(200);
    const answered = res.body.Invoices[0];
    expect(answered.StatusAttributeString).toBe('OK');
    invoiceId = answered.InvoiceID;
    const stored = double.state.invoices.get(tenant)!.get(invoiceId)!;
    expect(stored.Total).toBe('12345678901234.30');
    expect(stored.AmountDue).toBe('12345678901234.30');
    expect((stored.LineItems as Array<{ UnitAmount: string }>).map((l) => l.UnitAmount)).toEqual([
      '0.1',
      '12345678901234.2',
    ]);
    expect(stored.Status).toBe('AUTHORISED');
    expect(stored.DateString).toBe('2026-11-25T00:00:00');
  });

  it('refuses a bad account code, currency and an empty invoice in Xero words, per element with summarizeErrors=false', async () => {
    const res = await call(
      'PUT',
      'Invoices?summarizeErrors=false',
      `{"Invoices":[${JSON.parse(invoiceBody({ number: 'T-2', code: '999' })).Invoices.map((i: unknown) => JSON.stringify(i))},
        {"Type":"ACCPAY","Contact":{"ContactID":"${CONTACT}"},"CurrencyCode":"JPY","LineItems":[]},
        {"Type":"ACCPAY","Contact":{"ContactID":"nobody"},"LineItems":[{"UnitAmount":5,"AccountCode":"310"}]}]}`,
    );
    expect(res.status).toBe(200);
    const [bad, empty, orphan] = res.body.Invoices;
    expect(bad.ValidationErrors).toEqual([
      { Message: "Account code '999' is not a valid code for this document." },
    ]);
    expect(empty.ValidationErrors.map((e: { Message: string }) => e.Message)).toEqual([
      'Organisation is not subscribed to currency JPY',
      'Invoices must have at least one line item.',
    ]);
    expect(orphan.StatusAttributeString).toBe('ERROR');
    expect(double.state.invoices.get(tenant)!.size).toBe(1);
  });

  it('answers 400 ValidationException for a batch without summarizeErrors=false and saves none of it', async () => {
    const res = await call('PUT', 'Invoices', invoiceBody({ number: 'T-3', code: 'X' }));
    expect(res.status).toBe(400);
    expect(res.body.Type).toBe('ValidationException');
    expect(res.body.Elements[0].ValidationErrors[0].Message).toBe(
      "Account code 'X' is not a valid code for this document.",
    );
    expect(double.state.invoices.get(tenant)!.size).toBe(1);
  });

  it('finds invoices by InvoiceNumbers and ContactIDs, by id, by status and by If-Modified-Since', async () => {
    const found = await call('GET', `Invoices?InvoiceNumbers=T-1&ContactIDs=${CONTACT}`);
    expect(found.body.Invoices.map((i: { InvoiceID: string }) => i.InvoiceID)).toEqual([invoiceId]);
    expect(found.body.Invoices[0].Total).toBe(12345678901234.3);
    expect((await call('GET', 'Invoices?InvoiceNumbers=T-9')).body.Invoices).toEqual([]);
    expect((await call('GET', `Invoices/${invoiceId}`)).body.Invoices[0].InvoiceNumber).toBe('T-1');
    expect((await call('GET', `Invoices?Statuses=PAID`)).body.Invoices).toEqual([]);
    const later = new Date(double.state.clock.now() + 60_000).toUTCString();
    expect(
      (await call('GET', 'Invoices?page=1', undefined, { 'if-modified-since': later })).body.Invoices,
    ).toEqual([]);
    expect((await call('GET', 'Invoices/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('updates by InvoiceID with POST and refuses a duplicate ACCREC number', async () => {
    const res = await call(
      'POST',
      'Invoices',
      `{"Invoices":[{"InvoiceID":"${invoiceId}","Reference":"REQ-7","LineItems":[{"Description":"Hotel","Quantity":2,"UnitAmount":100.005,"AccountCode":"200"}]}]}`,
    );
    expect(res.status).toBe(200);
    const stored = double.state.invoices.get(tenant)!.get(invoiceId)!;
    expect(stored.Reference).toBe('REQ-7');
    expect(stored.Total).toBe('200.01');
    const dup = await call('PUT', 'Invoices', invoiceBody());
    expect(dup.status).toBe(400);
    expect(dup.body.Elements[0].ValidationErrors[0].Message).toBe('Invoice # must be unique.');
  });

  it('takes payments, lowers AmountDue, refuses more than is outstanding, PAID when settled, and deletes', async () => {
    const pay = (amount: string) =>
      call(
        'PUT',
        'Payments',
        `{"Payments":[{"Invoice":{"InvoiceID":"${invoiceId}"},"Account":{"Code":"090"},"Date":"2026-11-26","Amount":${amount},"Reference":"bank"}]}`,
      );
    const first = await pay('50.01');
    expect(first.status).toBe(200);
    const paymentId = first.body.Payments[0].PaymentID;
    const invoices = double.state.invoices.get(tenant)!;
    expect(invoices.get(invoiceId)!.AmountDue).toBe('150.00');
    const over = await pay('150.01');
    expect(over.status).toBe(400);
    expect(over.body.Elements[0].ValidationErrors[0].Message).toBe(
      'Payment amount exceeds the amount outstanding on this document.',
    );
    expect((await pay('150.00')).status).toBe(200);
    expect(invoices.get(invoiceId)!.Status).toBe('PAID');
    expect(invoices.get(invoiceId)!.AmountPaid).toBe('200.01');

    const deleted = await call('POST', `Payments/${paymentId}`, '{"Payments":[{"Status":"DELETED"}]}');
    expect(deleted.status).toBe(200);
    expect(double.state.payments.get(tenant)!.get(paymentId)!.Status).toBe('DELETED');
    expect(invoices.get(invoiceId)!.Status).toBe('AUTHORISED');
    expect(invoices.get(invoiceId)!.AmountDue).toBe('50.01');
    const again = await call('POST', `Payments/${paymentId}`, '{"Status":"DELETED"}');
    expect(again.status).toBe(400);
  });

  it('refuses a payment to an account that is not a bank account', async () => {
    const res = await call(
      'PUT',
      'Payments?summarizeErrors=false',
      `{"Payments":[{"Invoice":{"InvoiceID":"${invoiceId}"},"Account":{"Code":"200"},"Date":"2026-11-26","Amount":1}]}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.Payments[0].ValidationErrors[0].Message).toBe(
      "Account code '200' is not a valid code for this document.",
    );
  });

  it('creates a credit note and allocates it to an invoice of the same contact (AmountDue and AmountCredited follow)', async () => {
    const inv = await call('PUT', 'Invoices', invoiceBody({ number: 'T-CN', currency: 'GBP' }));
    const invoice = inv.body.Invoices[0];
    const created = await call(
      'PUT',
      'CreditNotes?summarizeErrors=false',
      `{"CreditNotes":[{"Type":"ACCRECCREDIT","Contact":{"ContactID":"${CONTACT}"},"CreditNoteNumber":"CN-1",
        "Date":"2026-11-26","CurrencyCode":"GBP","LineAmountTypes":"NoTax","Status":"AUTHORISED",
        "LineItems":[{"Description":"Hotel","Quantity":1,"UnitAmount":0.10,"AccountCode":"200"}]}]}`,
    );
    expect(created.status).toBe(200);
    const noteId = created.body.CreditNotes[0].CreditNoteID;
    expect(creditNotesOf(double.state, tenant).get(noteId)!.Total).toBe('0.10');
    const found = await call('GET', `CreditNotes?where=${encodeURIComponent('CreditNoteNumber=="CN-1"')}`);
    expect(found.body.CreditNotes.map((c: { CreditNoteID: string }) => c.CreditNoteID)).toEqual([noteId]);

    const allocate = (amount: string) =>
      call(
        'PUT',
        `CreditNotes/${noteId}/Allocations`,
        `{"Allocations":[{"Invoice":{"InvoiceID":"${invoice.InvoiceID}"},"Amount":${amount},"Date":"2026-11-26"}]}`,
      );
    const over = await allocate('0.11');
    expect(over.status).toBe(400);
    expect(over.body.Elements[0].ValidationErrors[0].Message).toBe(
      'The amount allocated exceeds the remaining credit on the credit note.',
    );
    expect((await allocate('0.10')).status).toBe(200);
    const stored = double.state.invoices.get(tenant)!.get(invoice.InvoiceID)!;
    expect(stored.AmountCredited).toBe('0.10');
    expect(stored.AmountDue).toBe('12345678901234.20');
    expect(creditNotesOf(double.state, tenant).get(noteId)).toMatchObject({
      RemainingCredit: '0.00',
      Status: 'PAID',
    });

    const voided = await call(
      'POST',
      'Invoices',
      `{"Invoices":[{"InvoiceID":"${invoice.InvoiceID}","Status":"VOIDED"}]}`,
    );
    expect(voided.status).toBe(400);
    expect(voided.body.Elements[0].ValidationErrors[0].Message).toBe(
      'This document cannot be voided as it has a payment or credit note allocated to it.',
    );
  });

  it('voids an authorised invoice with nothing allocated', async () => {
    const inv = (await call('PUT', 'Invoices', invoiceBody({ number: 'T-VOID' }))).body.Invoices[0];
    const res = await call('POST', `Invoices/${inv.InvoiceID}`, '{"Invoices":[{"Status":"VOIDED"}]}');
    expect(res.status).toBe(200);
    expect(double.state.invoices.get(tenant)!.get(inv.InvoiceID)).toMatchObject({
      Status: 'VOIDED',
      AmountDue: '0.00',
    });
  });

  it('needs a bearer token', async () => {
    const res = await fetch(`${double.url}/api/api.xro/2.0/Invoices`, {
      headers: { 'xero-tenant-id': tenant },
    });
    expect(res.status).toBe(401);
  });
});
