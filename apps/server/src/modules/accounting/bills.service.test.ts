import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CreateBillFields } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { buildWorld, postRates, type RequestsWorld } from '../requests/requests.test-support.ts';
import { createBillFiles } from './bill-files.ts';
import { createBillsService } from './bills.service.ts';
import { billState, confirmedRequest, pdfBytes, pngBytes } from './bills.test-support.ts';

let t: TestContext;
let w: RequestsWorld;
let dataDir: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bills-service-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  w = await buildWorld(t);
  await postRates(t, w);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const fields = async (number: string): Promise<CreateBillFields> => {
  const r = await confirmedRequest(t, w, [{ cost: '250.00' }]);
  return {
    supplier: w.supplier.ritz,
    number,
    issue_date: today,
    currency: 'GBP',
    amount: '250.00',
    lines: [r.lines[0]!.id],
  };
};

describe('the bills service', () => {
  it('undoes the recorded bill when its file cannot take its name after the commit', async () => {
    const db = t.database.db;
    const files = createBillFiles(dataDir);
    const errors: unknown[] = [];
    const bills = createBillsService({
      db,
      rates: createRatesService({ db }),
      files: {
        ...files,
        commit: async () => {
          throw new Error('disk full');
        },
      },
      log: { error: (o: unknown) => void errors.push(o), warn: () => undefined },
    });
    const body = await fields('RENAME-FAILS');
    const before = await billState(t);
    await expect(bills.create(null, body, { fileName: 'a.pdf', data: pdfBytes() })).rejects.toThrow(
      'disk full',
    );
    const after = await billState(t);
    // no bill, no line, no register row, no file; the history keeps the create and its undoing
    expect({ ...after, audit: before.audit }).toEqual(before);
    expect(after.audit).toBe(before.audit + 2);
    expect(errors).toHaveLength(1);
  });

  it('records bills inside a caller’s transaction (the demo seed), file and all', async () => {
    const body = await fields('SEEDED-1');
    const png = await fields('SEEDED-2');
    const [a, b] = await t.database.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const bills = createBillsService({
        db,
        rates: createRatesService({ db }),
        files: createBillFiles(dataDir),
      });
      return [
        await bills.create(null, body, { fileName: 'ritz.pdf', data: pdfBytes('seed') }),
        await bills.create(null, png, { fileName: 'receipt.png', data: pngBytes() }),
      ];
    });
    expect(a).toMatchObject({
      number: 'SEEDED-1',
      created_by: null,
      file: { type: 'pdf', name: 'ritz.pdf' },
    });
    expect(b.file.type).toBe('png');
    const res = await t.request({ method: 'GET', url: a.file.url, token: w.token.Accountant });
    expect(res.rawPayload).toEqual(pdfBytes('seed'));
  });
});
