import type { InvoiceRecord, RequestRecord } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { ctxOf } from '../../platform/access.plugin.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { lineInvoicing } from '../requests/requests.invoicing.ts';
import { createIssueInvoice } from './invoice-issue.service.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  creditNote,
  type InvoicesWorld,
  issue,
  issued,
  thisYear,
} from './invoices.test-support.ts';

let t: TestContext;
let w: InvoicesWorld;

// PGlite serialises transactions, so the races are only real on PostgreSQL (DATABASE_URL set).
describe.runIf(onPostgres)('issuing under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestContext();
    w = await buildInvoicesWorld(t);
  });
  afterAll(() => t?.close());

  it('gives 50 parallel issues 50 consecutive numbers; the 10 racing for taken lines get none', async () => {
    const requests: RequestRecord[] = [];
    for (let i = 0; i < 50; i++) requests.push(await confirmedRequest(t, w, [{ sell: `${100 + i}.00` }]));
    // every fifth request is asked for twice at once: one wins, the other finds the line taken
    const bodies = [
      ...requests.map((r) => ({ request: r.id, lines: [r.lines[0]!.id] })),
      ...requests.filter((_, i) => i % 5 === 0).map((r) => ({ request: r.id, lines: [r.lines[0]!.id] })),
    ];
    const answers = await Promise.all(bodies.map((b, i) => issue(t, w, b, i % 2 ? 'Accountant' : 'Admin')));
    const ok = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data as InvoiceRecord);
    const refused = answers.filter((a) => a.statusCode === 400).map((a) => a.json().errors[0].code);
    expect(ok).toHaveLength(50);
    expect(refused).toEqual(Array.from({ length: 10 }, () => 'line_already_invoiced'));
    expect(ok.map((i) => i.number).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `BSLF-INV-${thisYear}-${String(i + 1).padStart(4, '0')}`),
    );
    const [counter] = await queryRows<{ last_number: number }>(
      t.database.db,
      sql`select last_number from invoice_counters where company_id = ${w.company.BSLF} and kind = 'invoice'`,
    );
    expect(counter!.last_number).toBe(50);
  });

  it('queues crossed line sets of two requests instead of deadlocking', async () => {
    const a = await confirmedRequest(t, w, [{}, {}]);
    const b = await confirmedRequest(t, w, [{}, {}]);
    const answers = await Promise.all([
      issue(t, w, { request: a.id, lines: [a.lines[0]!.id, b.lines[1]!.id] }),
      issue(t, w, { request: b.id, lines: [b.lines[0]!.id, a.lines[1]!.id] }),
      // a line edit takes the request, then the line: the order issuing takes them too
      t.request({
        method: 'PATCH',
        url: `requests/${b.id}/lines/${b.lines[1]!.id}/`,
        token: w.token.BO,
        payload: { description: 'edited meanwhile', version: b.lines[1]!.version },
      }),
    ]);
    expect(answers.slice(0, 2).map((x) => x.statusCode)).toEqual([201, 201]);
    // before the issue it is saved; after, the Invoiced line refuses it (a deadlock would be a 500)
    expect([200, 400]).toContain(answers[2]!.statusCode);
  });

  it('lets one of two parallel credit notes of an invoice through and answers the other 409', async () => {
    const inv = await issued(t, w, await confirmedRequest(t, w));
    const answers = await Promise.all([creditNote(t, w, inv), creditNote(t, w, inv)]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('a unique violation of the live line index', () => {
  beforeAll(async () => {
    t = await createTestContext();
    w = await buildInvoicesWorld(t);
  });
  afterAll(() => t?.close());

  it('is answered as line_already_invoiced, naming the invoice that took the line', async () => {
    const r = await confirmedRequest(t, w);
    const taken = await issued(t, w, r);
    // the line locks leave no gap for a race through the API: the index is the last guard, so the
    // transaction is made to fail as a racing writer would make it fail
    const lineId = r.lines[0]!.id;
    const violation = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'client_invoice_lines_live_key',
      detail: `Key (line_id)=(${lineId}) already exists.`,
    });
    const db = t.database.db;
    const racing = new Proxy(db, {
      get: (target, prop) =>
        prop === 'transaction' ? () => Promise.reject(violation) : Reflect.get(target, prop, target),
    }) as Db;
    const rates = createRatesService({ db });
    const issueInvoice = createIssueInvoice({ db: racing, rates, invoicing: lineInvoicing(rates) });
    const me = await t.request({ method: 'GET', url: 'users/me/', token: w.token.Accountant });
    const ctx = ctxOf({ user: me.json().data });
    await expect(issueInvoice(ctx, { request: r.id, lines: [lineId] })).rejects.toMatchObject({
      code: 'LINE_ALREADY_INVOICED',
      rule: true,
      message: `Service line ${lineId} was invoiced at the same moment on ${taken.number}: it is on one live invoice at most.`,
    });
  });
});
