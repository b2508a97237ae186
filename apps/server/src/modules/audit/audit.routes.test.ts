import { ACCESS, AUTHENTICATED } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { auditRegistry, recordChange } from './audit.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  // An entity only accountants may read, as invoices will be.
  auditRegistry.register('test_ledger', ACCESS.accounting);
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

describe('GET /audit/', () => {
  it('shows a record history newest first, with who and when', async () => {
    const token = await tokenFor('Accountant');
    const me = (await t.request({ method: 'GET', url: 'users/me/', token })).json().data;
    const ctx = { user: { ...me, region_id: null, temporary_password: false } };
    await recordChange(t.database.db, ctx, 'test_ledger', 7, null, { amount: '10.00' });
    await recordChange(t.database.db, ctx, 'test_ledger', 7, { amount: '10.00' }, { amount: '12.50' });
    expect(
      await recordChange(t.database.db, ctx, 'test_ledger', 7, { amount: '12.50' }, { amount: '12.50' }),
    ).toBe(false);
    const res = await t.request({ method: 'GET', url: 'audit/?entity=test_ledger&entity_id=7', token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBe(2);
    expect(body.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(body.data[0]).toMatchObject({
      entity: 'test_ledger',
      entity_id: 7,
      user: { id: me.id, name: 'Arthur Accountant' },
      changes: { amount: ['10.00', '12.50'] },
    });
    expect(new Date(body.data[0].at).toString()).not.toBe('Invalid Date');
  });

  it('applies the read rule of the entity', async () => {
    const fo = await tokenFor('FO');
    expect(
      (await t.request({ method: 'GET', url: 'audit/?entity=test_ledger&entity_id=7', token: fo }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: 'audit/?entity=client&entity_id=7', token: fo })).statusCode,
    ).toBe(200);
  });

  it("applies an entity's check of the record: another record's history is refused with 403", async () => {
    // readable by everyone signed in, but only record 7 of it
    auditRegistry.register('test_private', AUTHENTICATED, async (_ctx, id) => id === 7);
    const fo = await tokenFor('FO');
    const read = (id: number) =>
      t.request({ method: 'GET', url: `audit/?entity=test_private&entity_id=${id}`, token: fo });
    expect((await read(7)).statusCode).toBe(200);
    expect((await read(8)).statusCode).toBe(403);
  });

  it('refuses an unknown entity and a missing id', async () => {
    const token = await tokenFor('Admin');
    const unknown = await t.request({ method: 'GET', url: 'audit/?entity=secrets&entity_id=1', token });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.entity).toEqual(['Invalid field value']);
    expect((await t.request({ method: 'GET', url: 'audit/?entity=client', token })).statusCode).toBe(400);
  });
});
