/**
 * What the banking tests build on: accounts added through the directory API, and bank lines and
 * transfers entered through the transactions API, as a person enters them.
 */
import type { Transaction, Transfer } from '@app/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { TestContext } from '../../test/harness.ts';
import type { RequestsWorld } from '../requests/requests.test-support.ts';

let accountSeq = 0;

/** A bank account of the company in the currency; account numbers are made unique per test file. */
export async function addBank(
  t: TestContext,
  w: RequestsWorld,
  company: number,
  currency: string,
  type: 'Income' | 'Outcome' = 'Income',
  bankName = 'Coutts & Co',
): Promise<number> {
  accountSeq += 1;
  const res = await t.request({
    method: 'POST',
    url: 'banks/',
    token: w.token.Accountant,
    payload: {
      company_id: company,
      bank_name: bankName,
      account_name: 'Operating account',
      account_number: `TX${currency}${String(accountSeq).padStart(8, '0')}`,
      currency,
      type,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** How many bank lines there are (a refused write adds none). */
export async function lineCount(t: TestContext): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from bank_transactions`,
  );
  return row!.n;
}

/** A record's history (`GET audit/`), newest first. */
export async function auditHistory(t: TestContext, token: string, entity: string, id: number) {
  const res = await t.request({ method: 'GET', url: `audit/?entity=${entity}&entity_id=${id}`, token });
  return res.json().data as Array<{ action: string; changes: Record<string, [unknown, unknown]> }>;
}

export function postTransaction(t: TestContext, token: string, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: 'transactions/', token, payload: body as never });
}

/** A line entered by hand (201 expected): a GBP-style RECEIVE of 100.00 unless `body` says otherwise. */
export async function addTransaction(
  t: TestContext,
  token: string,
  body: Record<string, unknown> & { bank: number },
): Promise<Transaction> {
  const res = await postTransaction(t, token, {
    type: 'RECEIVE',
    date: '2026-03-10',
    amount: '100.00',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Transaction;
}

export function patchTransaction(t: TestContext, token: string, id: number, body: Record<string, unknown>) {
  return t.request({ method: 'PATCH', url: `transactions/${id}/`, token, payload: body as never });
}

export function deleteTransaction(t: TestContext, token: string, id: number) {
  return t.request({ method: 'DELETE', url: `transactions/${id}/`, token });
}

export async function getTransaction(t: TestContext, token: string, id: number): Promise<Transaction> {
  const res = await t.request({ method: 'GET', url: `transactions/${id}/`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Transaction;
}

export function postTransfer(t: TestContext, token: string, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: 'transfers/', token, payload: body as never });
}

/** A transfer or conversion (201 expected); both legs. */
export async function addTransfer(
  t: TestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<Transfer> {
  const res = await postTransfer(t, token, { date: '2026-03-10', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Transfer;
}

/** The `{code, detail}` of a rule's 400. */
export function ruleOf(res: { statusCode: number; json(): unknown; body: string }) {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { errors: Array<{ code: string; detail: string }> }).errors[0]!;
}
