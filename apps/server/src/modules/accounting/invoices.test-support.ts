/**
 * What the client invoice tests build on: the requests' world, a rate set, Income accounts, and
 * requests whose lines are Confirmed through the requests API (as a person confirms them).
 */
import type { InvoiceRecord, RequestRecord } from '@app/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { TestContext } from '../../test/harness.ts';
import {
  buildWorld,
  hotelLine,
  postRates,
  type RequestsWorld,
  requestBody,
} from '../requests/requests.test-support.ts';

export { hotelLine, requestBody };

export interface InvoicesWorld extends RequestsWorld {
  rateSet: number;
  /** A second client, with payment terms of 30 days. */
  boris: number;
}

export type Who = 'Admin' | 'Accountant' | 'FO' | 'BO';

async function post(t: TestContext, token: string, url: string, payload: unknown): Promise<{ id: number }> {
  const res = await t.request({ method: 'POST', url, token, payload: payload as never });
  expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  return res.json().data;
}

/** An Income account of the company in the currency (its payment details go on the invoice). */
export function addIncomeBank(
  t: TestContext,
  w: RequestsWorld,
  companyId: number,
  currency: string,
  number: string,
) {
  return post(t, w.token.Accountant, 'banks/', {
    company_id: companyId,
    bank_name: 'Coutts & Co',
    account_name: 'Bespoke Lifestyle Ltd',
    account_number: number,
    swift: 'COUTGB22',
    currency,
    type: 'Income',
  });
}

/** BSLF gets Income accounts in GBP and EUR, TPRO in AED and GBP; no company has one in USD. */
export async function buildInvoicesWorld(t: TestContext): Promise<InvoicesWorld> {
  const w = await buildWorld(t);
  const rateSet = (await postRates(t, w)).id;
  // in force since 60 days, so invoices may be dated back
  await t.database.db.execute(
    sql`update rate_sets set created_at = created_at - interval '60 days' where id = ${rateSet}`,
  );
  await addIncomeBank(t, w, w.company.BSLF, 'GBP', 'GB29NWBK60161331926819');
  await addIncomeBank(t, w, w.company.BSLF, 'EUR', 'GB94BARC10201530093459');
  await addIncomeBank(t, w, w.company.TPRO, 'AED', 'AE070331234567890123456');
  await addIncomeBank(t, w, w.company.TPRO, 'GBP', 'GB33BUKB20201555555555');
  const boris = (
    await post(t, w.token.Admin, 'clients/', {
      first_name: 'Boris',
      last_name: 'Godunov',
      email: 'boris@example.com',
      address: '1 Red Square',
      city: 'Moscow',
      country: 'Russia',
      payment_terms_days: 30,
    })
  ).id;
  return { ...w, rateSet, boris };
}

/** A request with these lines, each moved to Confirmed (BO) unless `confirm` says otherwise. */
export async function confirmedRequest(
  t: TestContext,
  w: RequestsWorld,
  lines: Array<Record<string, unknown>> = [{}],
  over: Record<string, unknown> = {},
  confirm: (index: number) => boolean = () => true,
): Promise<RequestRecord> {
  const res = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.FO,
    payload: requestBody(w, { ...over, lines: lines.map((l) => hotelLine(w, l)) }) as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  let r = res.json().data as RequestRecord;
  for (const [i, line] of r.lines.entries()) {
    if (!confirm(i)) continue;
    const moved = await t.request({
      method: 'POST',
      url: `requests/${r.id}/lines/${line.id}/status/`,
      token: w.token.BO,
      payload: { status: 'Confirmed', version: line.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    r = moved.json().data as RequestRecord;
  }
  return r;
}

export async function getRequest(t: TestContext, w: RequestsWorld, id: number): Promise<RequestRecord> {
  return (await t.request({ method: 'GET', url: `requests/${id}/`, token: w.token.Admin })).json().data;
}

export function issue(
  t: TestContext,
  w: RequestsWorld,
  body: Record<string, unknown>,
  who: Who = 'Accountant',
) {
  return t.request({ method: 'POST', url: 'client-invoices/', token: w.token[who], payload: body as never });
}

/** Issues and answers the record (201 expected). */
export async function issued(
  t: TestContext,
  w: RequestsWorld,
  r: RequestRecord,
  over: Record<string, unknown> = {},
): Promise<InvoiceRecord> {
  const res = await issue(t, w, { request: r.id, lines: r.lines.map((l) => l.id), ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as InvoiceRecord;
}

export function creditNote(
  t: TestContext,
  w: RequestsWorld,
  invoice: { id: number; version: number },
  body: Record<string, unknown> = {},
  who: Who = 'Accountant',
) {
  return t.request({
    method: 'POST',
    url: `client-invoices/${invoice.id}/credit-note/`,
    token: w.token[who],
    payload: { reason: 'Booking changed', version: invoice.version, ...body } as never,
  });
}

export async function getInvoice(t: TestContext, w: RequestsWorld, id: number): Promise<InvoiceRecord> {
  const res = await t.request({ method: 'GET', url: `client-invoices/${id}/`, token: w.token.Accountant });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as InvoiceRecord;
}

/**
 * Everything issuing or crediting writes, in one value: document and line counts, the counters,
 * the register, the invoice history, and the status and version of every request line.
 */
export async function writtenState(t: TestContext) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select
      (select count(*)::int from client_invoices) as invoices,
      (select count(*)::int from client_invoice_lines) as lines,
      (select coalesce(sum(last_number), 0)::int from invoice_counters) as counters,
      (select count(*)::int from document_register) as register,
      (select count(*)::int from credit_applications) as applications,
      (select count(*)::int from audit_log where entity = 'client_invoice') as audit,
      (select string_agg(id || ':' || coalesce(status, '-') || ':' || version, ',' order by id) from request_lines) as request_lines,
      (select string_agg(id || ':' || has_invoice || ':' || version, ',' order by id) from requests) as requests`,
  );
  return row!;
}

export const thisYear = new Date().getUTCFullYear();
export const todayUtc = () => new Date().toISOString().slice(0, 10);
