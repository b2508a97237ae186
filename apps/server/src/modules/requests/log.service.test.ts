import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/auth-user.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createLogService, type LogService } from './log.service.ts';
import {
  ctxFor,
  lineStatuses,
  makeClient,
  makeRequest,
  makeSupplier,
  requestRow,
} from './offers.fixtures.ts';
import { summaryRefresher } from './requests.summary.ts';

let t: TestContext;
let log: LogService;
let bo: Ctx;
let accountant: Ctx;
let supplier: number;
let client: number;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  log = createLogService({ db, summary: summaryRefresher({ current: async () => null }) });
  bo = await ctxFor(db, 'bo@example.com');
  accountant = await ctxFor(db, 'accountant@example.com');
  supplier = await makeSupplier(db, 'The Savoy Group');
  client = await makeClient(db, 'Irina', 'Belova');
});
afterAll(() => t.close());

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('LOG', () => {
  it('goes NEW → SENT FOR CORRECTION → NEW → CONFIRM, with an event per step and the lines Accounted', async () => {
    const req = await makeRequest(t.database.db, client, [
      { supplier_id: supplier, status: 'Confirmed' },
      { supplier_id: supplier, status: 'Invoiced' },
      { supplier_id: supplier, status: 'Canceled' },
    ]);
    const submitted = await log.submit(bo, req.id);
    expect(submitted).toMatchObject({ status: 'NEW', version: 1, submitted_by: { name: 'Boris Back' } });
    expect(submitted.request).toMatchObject({
      id: req.id,
      number: req.number,
      client: { name: 'Irina Belova' },
    });
    expect(await codeOf(log.submit(bo, req.id))).toBe('LOG_ALREADY_OPEN');

    expect(await codeOf(log.correction(accountant, submitted.id, { version: 9, comment: 'x' }))).toBe(
      'STALE_VERSION',
    );
    const back = await log.correction(accountant, submitted.id, {
      version: 1,
      comment: 'Wrong supplier invoice',
    });
    expect(back).toMatchObject({
      status: 'SENT FOR CORRECTION',
      version: 2,
      comment: 'Wrong supplier invoice',
    });
    expect(back.reviewed_by?.name).toBe('Arthur Accountant');
    expect(await codeOf(log.confirm(accountant, submitted.id, { version: 2 }))).toBe('LOG_NOT_OPEN');

    const again = await log.submit(bo, req.id);
    expect(again).toMatchObject({ id: submitted.id, status: 'NEW', version: 3 });

    const versionBefore = (await requestRow(t.database.db, req.id)).version;
    const confirmed = await log.confirm(accountant, submitted.id, { version: 3 });
    expect(confirmed).toMatchObject({ status: 'CONFIRM', version: 4 });
    expect(confirmed.events.map((e) => [e.action, e.status, e.user?.name, e.comment])).toEqual([
      ['submitted', 'NEW', 'Boris Back', null],
      ['sent_for_correction', 'SENT FOR CORRECTION', 'Arthur Accountant', 'Wrong supplier invoice'],
      ['resubmitted', 'NEW', 'Boris Back', null],
      ['confirmed', 'CONFIRM', 'Arthur Accountant', null],
    ]);
    expect(await lineStatuses(t.database.db, req.id)).toEqual(['Accounted', 'Accounted', 'Canceled']);
    const after = await requestRow(t.database.db, req.id);
    expect(after.status).toBe('Accounted');
    expect(after.version).toBeGreaterThan(versionBefore);
    expect(await codeOf(log.correction(accountant, submitted.id, { version: 4, comment: 'late' }))).toBe(
      'LOG_NOT_OPEN',
    );
    // Nothing left to hand over once accounted.
    expect(await codeOf(log.submit(bo, req.id))).toBe('LOG_NOTHING_TO_SUBMIT');
  });

  it('refuses a request without a Confirmed or Invoiced line, a canceled one and an unknown one', async () => {
    const fresh = await makeRequest(t.database.db, client, [{ supplier_id: supplier, status: null }]);
    expect(await codeOf(log.submit(bo, fresh.id))).toBe('LOG_NOTHING_TO_SUBMIT');
    const canceled = await makeRequest(
      t.database.db,
      client,
      [{ supplier_id: supplier, status: 'Invoiced' }],
      {
        canceled: true,
      },
    );
    expect(await codeOf(log.submit(bo, canceled.id))).toBe('REQUEST_CANCELED');
    expect(await codeOf(log.submit(bo, 999_999))).toBe('NOT_FOUND');
    expect(await codeOf(log.get(999_999))).toBe('NOT_FOUND');
  });

  it('lists records with filters, search by number or client, paging and ordering', async () => {
    const other = await makeClient(t.database.db, 'Oliver', 'Grant');
    const a = await makeRequest(t.database.db, other, [{ supplier_id: supplier, status: 'Confirmed' }]);
    const b = await makeRequest(t.database.db, other, [{ supplier_id: supplier, status: 'Confirmed' }]);
    const ra = await log.submit(bo, a.id);
    await log.submit(bo, b.id);
    await log.correction(accountant, ra.id, { version: 1, comment: 'Check the dates' });

    const byClient = await log.list({ search: 'oliver gr', limit: 20, offset: 0, ordering: 'number' });
    expect(byClient.data.map((r) => r.request.number)).toEqual([a.number, b.number]);
    expect(byClient.meta.total).toBe(2);
    const byNumber = await log.list({ search: b.number, limit: 20, offset: 0, ordering: '-submitted_at' });
    expect(byNumber.data.map((r) => r.request.id)).toEqual([b.id]);
    const sentBack = await log.list({
      status: 'SENT FOR CORRECTION',
      limit: 20,
      offset: 0,
      ordering: '-submitted_at',
    });
    expect(sentBack.data.map((r) => r.id)).toEqual([ra.id]);
    const bslf = await log.list({ company: 'BSLF', limit: 1, offset: 1, ordering: '-number' });
    expect(bslf.data).toHaveLength(1);
    expect(bslf.meta.total).toBeGreaterThanOrEqual(3);
    const ofRequest = await log.list({ request: a.id, limit: 20, offset: 0, ordering: '-submitted_at' });
    expect(ofRequest.data.map((r) => r.status)).toEqual(['SENT FOR CORRECTION']);
    expect((await log.list({ company: 'AIRS', limit: 20, offset: 0, ordering: 'status' })).meta.total).toBe(
      0,
    );
  });
});
