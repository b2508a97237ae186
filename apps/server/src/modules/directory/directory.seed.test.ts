import { MEMBERSHIPS, RATINGS, SUPPLIER_TYPES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { seedDirectory } from './directory.seed.ts';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  await t.database.db.transaction((tx) =>
    seedDirectory({ db: tx as unknown as Db, config: t.config, now: new Date('2026-01-15T10:00:00Z') }),
  );
  token = await tokenFor('FO');
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

const all = async (url: string) => (await t.request({ method: 'GET', url, token })).json();

describe('demo directory', () => {
  it('has a few dozen clients across every plan and rating', async () => {
    const clients = await all('clients/?limit=500');
    expect(clients.meta.total).toBeGreaterThanOrEqual(30);
    const plans = new Set(clients.data.map((c: { membership: string | null }) => c.membership));
    for (const m of MEMBERSHIPS) expect(plans).toContain(m.value);
    const ratings = new Set(clients.data.map((c: { rating: string }) => c.rating));
    for (const r of RATINGS) expect(ratings).toContain(r);
    expect(
      clients.data.every((c: { fo_manager: unknown; office: unknown }) => c.fo_manager && c.office),
    ).toBe(true);
  });

  it('has suppliers of every type, with services, and bank accounts for each company', async () => {
    const suppliers = await all('suppliers/?limit=500');
    expect(new Set(suppliers.data.map((s: { type: string }) => s.type))).toEqual(new Set(SUPPLIER_TYPES));
    expect(suppliers.data.every((s: { services: unknown[] }) => s.services.length > 0)).toBe(true);
    const banks = await all('banks/?limit=500');
    expect(new Set(banks.data.map((b: { company: { code: string } }) => b.company.code))).toEqual(
      new Set(['BSLF', 'TPRO', 'AIRS']),
    );
    expect(new Set(banks.data.map((b: { type: string }) => b.type))).toEqual(new Set(['Income', 'Outcome']));
  });

  it('gives each demo record its creation in the history', async () => {
    const [client] = (await all('clients/?limit=1')).data;
    const history = await all(`audit/?entity=client&entity_id=${client.id}`);
    expect(history.data).toEqual([expect.objectContaining({ action: 'create', user: null })]);
  });
});
