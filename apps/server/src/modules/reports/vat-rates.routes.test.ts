import type { AuditEntry, VatRate } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let admin: string;
let accountant: string;
let fo: string;
let bo: string;

beforeAll(async () => {
  t = await createTestContext();
  [admin, accountant, fo, bo] = await Promise.all([
    t.login('Admin'),
    t.login('Accountant'),
    t.login('FO'),
    t.login('BO'),
  ]);
});
afterAll(() => t.close());

const get = (token: string) => t.request({ method: 'GET', url: 'reports/vat-rates/', token });
const put = (token: string, rates: unknown) =>
  t.request({ method: 'PUT', url: 'reports/vat-rates/', token, payload: { rates } as never });
const rateOf = (rates: VatRate[]) => Object.fromEntries(rates.map((r) => [r.account_type, r.rate]));
const history = async () =>
  (await t.request({ method: 'GET', url: 'audit/?entity=vat_rate&entity_id=1', token: accountant })).json()
    .data as AuditEntry[];

describe('TOMS VAT rates', () => {
  it('answers the defaults (Toms EU 20, Toms non EU 0, Disbursement not subject) before any is set', async () => {
    const res = await get(accountant);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { account_type: 'Toms EU', rate: '20', updated_at: null, updated_by: null },
      { account_type: 'Toms non EU', rate: '0', updated_at: null, updated_by: null },
      { account_type: 'Disbursement', rate: null, updated_at: null, updated_by: null },
    ]);
  });

  it('is refused to FO and BO (read) and to everyone but an Admin (write)', async () => {
    expect((await get(fo)).statusCode).toBe(403);
    expect((await get(bo)).statusCode).toBe(403);
    expect((await get(admin)).statusCode).toBe(200);
    const body = [
      { account_type: 'Toms EU', rate: '15' },
      { account_type: 'Toms non EU', rate: '0' },
      { account_type: 'Disbursement', rate: null },
    ];
    for (const token of [accountant, fo, bo]) expect((await put(token, body)).statusCode).toBe(403);
    expect(rateOf((await get(accountant)).json().data)['Toms EU']).toBe('20');
  });

  it('lets an Admin change them; only the changed types are stamped, and one history line lists them', async () => {
    const res = await put(admin, [
      { account_type: 'Disbursement', rate: '5.5' },
      { account_type: 'Toms EU', rate: '17.50' },
      { account_type: 'Toms non EU', rate: '0' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rates = res.json().data as VatRate[];
    expect(rateOf(rates)).toEqual({ 'Toms EU': '17.5', 'Toms non EU': '0', Disbursement: '5.5' });
    const eu = rates.find((r) => r.account_type === 'Toms EU')!;
    expect(eu.updated_by?.name).toBe('Alice Admin');
    expect(eu.updated_at).not.toBeNull();
    // unchanged (still the default): no row written
    expect(rates.find((r) => r.account_type === 'Toms non EU')).toMatchObject({ updated_at: null });
    expect((await get(accountant)).json().data).toEqual(rates);

    const lines = await history();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'update',
      user: { name: 'Alice Admin' },
      changes: { 'Toms EU': ['20', '17.5'], Disbursement: [null, '5.5'] },
    });

    // the same values again: nothing to record
    expect(
      (
        await put(admin, [
          { account_type: 'Toms EU', rate: '17.5' },
          { account_type: 'Toms non EU', rate: '0.00' },
          { account_type: 'Disbursement', rate: '5.50' },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await history()).toHaveLength(1);

    // back to not subject
    const none = await put(admin, [
      { account_type: 'Toms EU', rate: '20' },
      { account_type: 'Toms non EU', rate: '0' },
      { account_type: 'Disbursement', rate: null },
    ]);
    expect(rateOf(none.json().data)).toEqual({ 'Toms EU': '20', 'Toms non EU': '0', Disbursement: null });
    expect((await history())[0]!.changes).toEqual({ 'Toms EU': ['17.5', '20'], Disbursement: ['5.5', null] });
  });

  it('refuses a bad body under the field, and changes nothing', async () => {
    const before = (await get(accountant)).json().data;
    const cases: Array<[unknown, string, string]> = [
      [
        [
          { account_type: 'Toms EU', rate: '100.01' },
          { account_type: 'Toms non EU', rate: '0' },
          { account_type: 'Disbursement', rate: null },
        ],
        'rates.0.rate',
        'Maximum value 100',
      ],
      [
        [
          { account_type: 'Toms EU', rate: '20' },
          { account_type: 'Toms non EU', rate: '-1' },
          { account_type: 'Disbursement', rate: null },
        ],
        'rates.1.rate',
        'Minimum value 0',
      ],
      [
        [
          { account_type: 'Toms EU', rate: '20.125' },
          { account_type: 'Toms non EU', rate: '0' },
          { account_type: 'Disbursement', rate: null },
        ],
        'rates.0.rate',
        'Invalid field value',
      ],
      [
        [
          { account_type: 'Toms EU', rate: '20' },
          { account_type: 'Toms EU', rate: '0' },
          { account_type: 'Disbursement', rate: null },
        ],
        'rates',
        'Should be unique',
      ],
      [[{ account_type: 'Toms EU', rate: '20' }], 'rates', ''],
      [
        [
          { account_type: 'Toms EU', rate: '20' },
          { account_type: 'Toms non EU', rate: '0' },
          { account_type: 'Cruise', rate: null },
        ],
        'rates.2.account_type',
        '',
      ],
    ];
    for (const [rates, field, message] of cases) {
      const res = await put(admin, rates);
      expect(res.statusCode, JSON.stringify(rates)).toBe(400);
      const errors = res.json().errors as Record<string, string[]>;
      expect(errors[field], res.body).toBeDefined();
      if (message) expect(errors[field]).toContain(message);
    }
    expect((await get(accountant)).json().data).toEqual(before);
  });
});
