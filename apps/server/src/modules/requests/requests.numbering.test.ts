import type { RequestRecord } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, hotelLine, type RequestsWorld, requestBody } from './requests.test-support.ts';

let t: TestContext;
let w: RequestsWorld;

// PGlite serialises transactions, so the race is only real on PostgreSQL (DATABASE_URL set).
describe.runIf(onPostgres)('numbering under concurrent creates (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestContext();
    w = await buildWorld(t);
  });
  afterAll(() => t?.close());

  it('gives 50 parallel creates 50 consecutive numbers, and failed creates in the race take none', async () => {
    const year = new Date().getUTCFullYear();
    const bad = requestBody(w, {
      lines: [
        hotelLine(w, { deadlines: [{ type: 'Prepayment', due_date: '2026-05-01', amount: '5000.00' }] }),
      ],
    });
    const bodies = Array.from({ length: 60 }, (_, i) =>
      i % 6 === 5 ? bad : requestBody(w, { lines: [hotelLine(w)], description: `parallel ${i}` }),
    );
    const answers = await Promise.all(
      bodies.map((payload, i) =>
        t.request({ method: 'POST', url: 'requests/', token: i % 2 ? w.token.FO : w.token.BO, payload }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 201).map((r) => r.json().data as RequestRecord);
    const refused = answers.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(10);
    const numbers = ok.map((r) => r.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `BSLF-${year}-${String(i + 1).padStart(5, '0')}`),
    );
  });
});

describe.runIf(onPostgres)('line changes under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestContext();
    w = await buildWorld(t);
  });
  afterAll(() => t?.close());

  it('lets one of two moves at the same line version through and answers the other 409', async () => {
    const r = (
      await t.request({
        method: 'POST',
        url: 'requests/',
        token: w.token.FO,
        payload: requestBody(w, { lines: [hotelLine(w)] }),
      })
    ).json().data as RequestRecord;
    expect(r.version).toBe(1);
    const line = r.lines[0]!;
    const moves = await Promise.all(
      (['Confirmed', 'Canceled'] as const).map((status) =>
        t.request({
          method: 'POST',
          url: `requests/${r.id}/lines/${line.id}/status/`,
          token: w.token.BO,
          payload: { status, version: line.version },
        }),
      ),
    );
    expect(moves.map((m) => m.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps the summary true when lines are added in parallel', async () => {
    const r = (
      await t.request({ method: 'POST', url: 'requests/', token: w.token.FO, payload: requestBody(w) })
    ).json().data as RequestRecord;
    const adds = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.request({
          method: 'POST',
          url: `requests/${r.id}/lines/`,
          token: w.token.BO,
          payload: hotelLine(w, { sell: `${1000 + i}.00` }),
        }),
      ),
    );
    expect(adds.every((a) => a.statusCode === 201)).toBe(true);
    const after = (await t.request({ method: 'GET', url: `requests/${r.id}/`, token: w.token.BO })).json()
      .data as RequestRecord;
    expect(after.lines_count).toBe(12);
    expect(after.lines.map((l) => l.position).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    // 12 × 1000 + (0 + … + 11) = 12066
    expect(after.sell_total).toBe('12066.00');
    expect(after.version).toBe(13);
  });
});
