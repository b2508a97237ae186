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
