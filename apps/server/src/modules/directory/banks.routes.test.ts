import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';

let t: TestContext;
let accountant: string;
let bslf: number;

beforeAll(async () => {
  t = await createTestContext();
  accountant = await tokenFor('Accountant');
  bslf = (
    await t.request({ method: 'GET', url: 'companies/?search=BSLF&list=true', token: accountant })
  ).json().data[0].id;
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

const account = {
  bank_name: 'Barclays',
  account_number: 'GB29 BARC 2000 0055 7799 11',
  swift: 'barcgb22',
  currency: 'GBP',
  type: 'Income',
  opening_balance: '125000.5',
};

describe('banks', () => {
  it('stores an account with its company, normalised number and exact opening balance', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'banks/',
      token: accountant,
      payload: { ...account, company_id: bslf },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      company: { id: bslf, code: 'BSLF' },
      account_number: 'GB29BARC20000055779911',
      swift: 'BARCGB22',
      opening_balance: '125000.50',
      named: 'Barclays GBP (…9911)',
      type: 'Income',
    });
  });

  it('refuses the same account number however it is spaced', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'banks/',
      token: accountant,
      payload: { ...account, company_id: bslf, account_number: 'gb29barc20000055779911' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { account_number: ['Should be unique'] } });
  });

  it('answers bad input with field messages', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'banks/',
      token: accountant,
      payload: {
        company_id: bslf,
        bank_name: 'X',
        account_number: 'GB!!',
        currency: 'JPY',
        type: 'Savings',
        opening_balance: 12.345,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      account_number: ['Invalid field value'],
      currency: ['Invalid field value'],
      type: ['Invalid field value'],
      opening_balance: ['Invalid field value'],
    });
    const noCompany = await t.request({
      method: 'POST',
      url: 'banks/',
      token: accountant,
      payload: { ...account, account_number: 'AE07 0331', company_id: 999_999 },
    });
    expect(noCompany.json()).toEqual({ errors: { company_id: ['Invalid field value'] } });
  });

  it('lets every role read banks but only Admin and Accountant change them', async () => {
    for (const role of ['FO', 'BO'] as const) {
      const token = await tokenFor(role);
      const read = await t.request({ method: 'GET', url: 'banks/?list=true', token });
      expect(read.statusCode).toBe(200);
      expect(read.json().data[0]).toEqual({
        id: expect.any(Number),
        named: 'Barclays GBP (…9911)',
        currency: 'GBP',
        type: 'Income',
        company_code: 'BSLF',
      });
      expect(
        (
          await t.request({
            method: 'POST',
            url: 'banks/',
            token,
            payload: { ...account, company_id: bslf, account_number: 'X1' },
          })
        ).statusCode,
      ).toBe(403);
    }
    const admin = await tokenFor('Admin');
    expect(
      (
        await t.request({
          method: 'POST',
          url: 'banks/',
          token: admin,
          payload: { ...account, company_id: bslf, account_number: 'GB00ADMIN1', type: 'Outcome' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('filters by currency and type, updates with a version and archives', async () => {
    const outcome = (
      await t.request({ method: 'GET', url: 'banks/?type=Outcome&currency=GBP', token: accountant })
    ).json().data;
    expect(outcome.map((b: { account_number: string }) => b.account_number)).toEqual(['GB00ADMIN1']);
    const { id, version } = outcome[0];
    const res = await t.request({
      method: 'PATCH',
      url: `banks/${id}/`,
      token: accountant,
      payload: { version, opening_balance: '-10.00' },
    });
    expect(res.json().data.opening_balance).toBe('-10.00');
    expect(
      (await t.request({ method: 'POST', url: `banks/${id}/archive/`, token: accountant })).json().data
        .archived,
    ).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: 'banks/?type=Outcome', token: accountant })).json().data,
    ).toEqual([]);
  });
});

describe('references and uniqueness against archived records', () => {
  const company = async (code: string) => {
    const admin = await tokenFor('Admin');
    const res = await t.request({
      method: 'POST',
      url: 'companies/',
      token: admin,
      payload: { code, name: `${code} Ltd`, base_currency: 'GBP' },
    });
    expect(res.statusCode).toBe(201);
    return {
      id: res.json().data.id as number,
      archive: () =>
        t.request({ method: 'POST', url: `companies/${res.json().data.id}/archive/`, token: admin }),
    };
  };

  it('refuses an archived company as a new one but keeps it on an edit that leaves it', async () => {
    const closed = await company('CLSD');
    const bank = (
      await t.request({
        method: 'POST',
        url: 'banks/',
        token: accountant,
        payload: { ...account, company_id: closed.id, account_number: 'GB11CLSD0001' },
      })
    ).json().data;
    expect((await closed.archive()).statusCode).toBe(200);

    const refused = await t.request({
      method: 'POST',
      url: 'banks/',
      token: accountant,
      payload: { ...account, company_id: closed.id, account_number: 'GB11CLSD0002' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { company_id: ['Invalid field value'] } });

    // The account keeps its archived company while its other fields change.
    const kept = await t.request({
      method: 'PATCH',
      url: `banks/${bank.id}/`,
      token: accountant,
      payload: { version: bank.version, company_id: closed.id, notes: 'Closing' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ company: { id: closed.id, code: 'CLSD' }, notes: 'Closing' });

    // Another account may not move to it.
    const other = (
      await t.request({
        method: 'POST',
        url: 'banks/',
        token: accountant,
        payload: { ...account, company_id: bslf, account_number: 'GB11OPEN0001' },
      })
    ).json().data;
    const moved = await t.request({
      method: 'PATCH',
      url: `banks/${other.id}/`,
      token: accountant,
      payload: { version: other.version, company_id: closed.id },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ errors: { company_id: ['Invalid field value'] } });
  });

  it('keeps an archived account number taken and preloads the archived account with item=true', async () => {
    const { id } = (
      await t.request({
        method: 'POST',
        url: 'banks/',
        token: accountant,
        payload: { ...account, company_id: bslf, account_number: 'GB22 ARCH 0001' },
      })
    ).json().data;
    await t.request({ method: 'POST', url: `banks/${id}/archive/`, token: accountant });
    const again = await t.request({
      method: 'POST',
      url: 'banks/',
      token: accountant,
      payload: { ...account, company_id: bslf, account_number: 'gb22arch0001' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { account_number: ['Should be unique'] } });

    const byId = (
      await t.request({ method: 'GET', url: `banks/?item=true&search=${id}&list=true`, token: accountant })
    ).json().data;
    expect(byId).toEqual([expect.objectContaining({ id, named: 'Barclays GBP (…0001)' })]);
  });
});
