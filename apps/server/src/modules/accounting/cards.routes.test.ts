import { Writable } from 'node:stream';
import type { Card, Role } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { safeUrl } from '../../platform/logging.ts';
import type { App } from '../../platform/types.ts';
import { freshDatabase } from '../../test/databases.ts';
import { ROLE_EMAILS } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { brandOf } from './cards.service.ts';

/**
 * The real app on its own database with the log captured, so the card number can be looked for
 * in everything the server wrote: the log, the table and the history.
 */
let app: App;
let database: Database;
let dispose: () => Promise<void>;
const lines: string[] = [];
const log = () => lines.join('');
const token = {} as Record<Role, string>;
let company: { BSLF: number; TPRO: number };
let bank: { gbp: number; aed: number; archived: number };

const XSRF = 'cards-xsrf-token-0123456789';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Role, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1/${url}`,
    ...(payload && { payload }),
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, authorization: `Token ${token[who]}` },
  });

const VISA = '4242 4242 4242 4242';
const VISA_DIGITS = '4242424242424242';
const MASTERCARD = '5555-5555-5555-4444';
const year = new Date().getUTCFullYear();
const month = new Date().getUTCMonth() + 1;
const yy = (y: number) => String(y % 100).padStart(2, '0');
const mm = (m: number) => String(m).padStart(2, '0');
const FUTURE = `09/${yy(year + 3)}`;
const THIS_MONTH = `${mm(month)}/${yy(year)}`;
const LAST_MONTH = month === 1 ? `12/${yy(year - 1)}` : `${mm(month - 1)}/${yy(year)}`;

async function addBank(body: Record<string, unknown>): Promise<number> {
  const res = await call('POST', 'banks/', 'Admin', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function addCard(body: Record<string, unknown>): Promise<Card> {
  const res = await call('POST', 'bank-cards/', 'Accountant', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const cardBody = (over: Record<string, unknown> = {}) => ({
  bank: bank.gbp,
  holder: 'Alice Admin',
  number: VISA,
  expiry: FUTURE,
  limit: '5000',
  ...over,
});

beforeAll(async () => {
  ({ database, dispose } = await freshDatabase(inject('pgTemplate')));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: testConfig(),
    database,
    mailer: { send: async () => {} },
    logger: { level: 'trace', stream },
  });
  await app.ready();
  for (const role of ['Admin', 'Accountant', 'FO', 'BO'] as const)
    token[role] = await issueToken(database.db, ROLE_EMAILS[role]);
  const companies = (await call('GET', 'companies/', 'Admin')).json().data as Array<{
    id: number;
    code: string;
  }>;
  const byCode = (code: string) => companies.find((c) => c.code === code)!.id;
  company = { BSLF: byCode('BSLF'), TPRO: byCode('TPRO') };
  const base = { bank_name: 'Coutts', type: 'Outcome' };
  bank = {
    gbp: await addBank({
      ...base,
      company_id: company.BSLF,
      account_number: 'GB11COUT0001',
      currency: 'GBP',
    }),
    aed: await addBank({
      ...base,
      bank_name: 'Emirates NBD',
      company_id: company.TPRO,
      account_number: 'AE22ENBD0002',
      currency: 'AED',
    }),
    archived: await addBank({
      ...base,
      company_id: company.BSLF,
      account_number: 'GB33OLD0003',
      currency: 'GBP',
    }),
  };
  expect((await call('POST', `banks/${bank.archived}/archive/`, 'Admin')).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await dispose();
});

describe('POST bank-cards/', () => {
  it('keeps the last four digits, the brand from the number and the bank’s company and currency', async () => {
    const card = await addCard(cardBody());
    expect(card).toMatchObject({
      bank: { id: bank.gbp, bank_name: 'Coutts', account_number: 'GB11COUT0001', type: 'Outcome' },
      company: { id: company.BSLF, code: 'BSLF' },
      currency: 'GBP',
      holder: 'Alice Admin',
      last_four: '4242',
      brand: 'Visa',
      expiry: FUTURE,
      expired: false,
      limit: '5000.00',
      archived: false,
      version: 1,
    });
    const audit = await call('GET', `audit/?entity=bank_card&entity_id=${card.id}`, 'Admin');
    expect(audit.json().data[0]).toMatchObject({
      action: 'create',
      changes: { last_four: [null, '4242'], brand: [null, 'Visa'], expiry: [null, FUTURE] },
    });
    const mc = await addCard(
      cardBody({ number: MASTERCARD, bank: bank.aed, expiry: THIS_MONTH, limit: null }),
    );
    expect(mc).toMatchObject({
      brand: 'Mastercard',
      last_four: '4444',
      currency: 'AED',
      limit: null,
      expired: false,
    });
  });

  it('tells the brand from the first digits', () => {
    expect(brandOf('4000056655665556')).toBe('Visa');
    expect(brandOf('5105105105105100')).toBe('Mastercard');
    expect(brandOf('2223003122003222')).toBe('Mastercard');
    expect(brandOf('378282246310005')).toBe('Amex');
    expect(brandOf('6011111111111117')).toBe('Other');
  });

  it('refuses a bad number, a past expiry, a missing or archived bank and a card entered twice', async () => {
    const refused = async (over: Record<string, unknown>) => {
      const res = await call('POST', 'bank-cards/', 'Accountant', cardBody({ holder: 'Refused', ...over }));
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect((await refused({ number: '4242 4242 4242 4241' })).number).toEqual(['Invalid card number']);
    expect((await refused({ number: '4242' })).number).toEqual(['Invalid card number']);
    expect((await refused({ number: 4242424242424242 })).number).toBeDefined();
    expect((await refused({ expiry: LAST_MONTH })).expiry).toEqual(['Invalid field value']);
    expect((await refused({ expiry: '13/30' })).expiry).toEqual(['Invalid field value']);
    expect((await refused({ expiry: '2030-01' })).expiry).toEqual(['Invalid field value']);
    expect((await refused({ bank: 999999 })).bank).toEqual(['Invalid field value']);
    expect((await refused({ bank: bank.archived })).bank).toEqual(['Invalid field value']);
    expect((await refused({ limit: '-1' })).limit).toBeDefined();
    expect(
      (await refused({ number: '4111 1111 1111 1111', expiry: FUTURE, last_four: '1111' })).last_four,
    ).toEqual(['Unknown field: last_four']);
    await addCard(cardBody({ number: '4000 0000 0000 0002', holder: 'Twice' }));
    expect((await refused({ number: '4000-0000-0000-0002' })).number).toEqual(['Should be unique']);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bank_cards where holder = 'Refused'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('PATCH and DELETE bank-cards/{id}/', () => {
  it('changes holder, expiry, limit and bank at the version; a new number is a new card', async () => {
    const card = await addCard(cardBody({ number: '4012 8888 8888 1881', holder: 'To Edit' }));
    const patch = (body: Record<string, unknown>) =>
      call('PATCH', `bank-cards/${card.id}/`, 'Accountant', body);
    const withNumber = await patch({ number: VISA, version: card.version });
    expect(withNumber.statusCode).toBe(400);
    expect(withNumber.json().errors.number).toBeDefined();
    expect(withNumber.body).not.toContain(VISA_DIGITS);
    expect((await patch({ expiry: LAST_MONTH, version: card.version })).json().errors.expiry).toEqual([
      'Invalid field value',
    ]);
    expect((await patch({ bank: 999999, version: card.version })).json().errors.bank).toEqual([
      'Invalid field value',
    ]);
    const ok = await patch({
      holder: 'Edited',
      limit: '',
      bank: bank.aed,
      expiry: '10/40',
      version: card.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      holder: 'Edited',
      limit: null,
      currency: 'AED',
      company: { code: 'TPRO' },
      expiry: '10/40',
      last_four: '1881',
      version: card.version + 1,
    });
    expect((await patch({ holder: 'Late', version: card.version })).statusCode).toBe(409);
    const audit = await call('GET', `audit/?entity=bank_card&entity_id=${card.id}`, 'Admin');
    expect(audit.json().data.find((e: { action: string }) => e.action === 'update').changes).toMatchObject({
      holder: ['To Edit', 'Edited'],
      bank_id: [bank.gbp, bank.aed],
    });
  });

  it('deletes a card from the list (archived with its history) and can bring it back', async () => {
    const card = await addCard(cardBody({ number: '5105 1051 0510 5100', holder: 'Gone Card' }));
    const del = await call('DELETE', `bank-cards/${card.id}/`, 'Accountant');
    expect(del.statusCode).toBe(204);
    const listed = async (q: string) =>
      ((await call('GET', `bank-cards/${q}`, 'Accountant')).json().data as Card[]).map((c) => c.holder);
    expect(await listed('?search=Gone')).toEqual([]);
    expect(await listed('?search=Gone&archived=only')).toEqual(['Gone Card']);
    const audit = await call('GET', `audit/?entity=bank_card&entity_id=${card.id}`, 'Admin');
    expect(audit.json().data.map((e: { action: string }) => e.action)).toContain('archive');
    const back = await call('POST', `bank-cards/${card.id}/unarchive/`, 'Accountant');
    expect(back.json().data).toMatchObject({ archived: false, holder: 'Gone Card' });
    expect((await call('DELETE', 'bank-cards/999999/', 'Accountant')).statusCode).toBe(404);
  });
});

describe('GET bank-cards/', () => {
  it('lists with bank, company and currency, filtered and searched', async () => {
    await addCard(cardBody({ number: '3782 822463 10005', holder: 'Zed Amex', bank: bank.aed }));
    const get = async (q: string) => {
      const res = await call('GET', `bank-cards/${q}`, 'Admin');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Card[]; meta: { total: number } };
    };
    const all = await get('?limit=100');
    expect(all.meta.total).toBe(all.data.length);
    expect(all.data.map((c) => c.holder)).toEqual([...all.data.map((c) => c.holder)].sort());
    const aed = await get('?currency=AED&limit=100');
    expect(aed.data.length).toBeGreaterThan(0);
    expect(aed.data.every((c) => c.currency === 'AED' && c.company.code === 'TPRO')).toBe(true);
    expect((await get(`?company=${company.TPRO}&limit=100`)).meta.total).toBe(aed.meta.total);
    expect((await get(`?bank=${bank.gbp}&limit=100`)).data.every((c) => c.bank.id === bank.gbp)).toBe(true);
    expect((await get('?search=0005')).data.map((c) => c.holder)).toEqual(['Zed Amex']);
    expect((await get('?search=zed')).data[0]).toMatchObject({ brand: 'Amex', last_four: '0005' });
    expect((await get('?ordering=-holder')).data[0]!.holder).toBe('Zed Amex');
    const one = await call('GET', `bank-cards/${all.data[0]!.id}/`, 'Accountant');
    expect(one.json().data).toEqual(all.data[0]);
  });

  it('is for Admin and Accountant only', async () => {
    const [card] = (await call('GET', 'bank-cards/', 'Admin')).json().data as Card[];
    for (const who of ['FO', 'BO'] as const) {
      expect((await call('GET', 'bank-cards/', who)).statusCode).toBe(403);
      expect((await call('GET', `bank-cards/${card!.id}/`, who)).statusCode).toBe(403);
      expect(
        (await call('POST', 'bank-cards/', who, cardBody({ number: '4111111111111111' }))).statusCode,
      ).toBe(403);
      expect(
        (await call('PATCH', `bank-cards/${card!.id}/`, who, { holder: 'X', version: 1 })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `bank-cards/${card!.id}/`, who)).statusCode).toBe(403);
    }
  });
});

describe('the card number', () => {
  it('is nowhere: not in the log, the history, the table or an answer', async () => {
    const answers = [
      await call('POST', 'bank-cards/', 'Accountant', cardBody({ expiry: LAST_MONTH })),
      await call(
        'POST',
        'bank-cards/',
        'Accountant',
        cardBody({ expiry: `11/${yy(year + 4)}`, holder: 'Leak' }),
      ),
      await call('PATCH', 'bank-cards/999999/', 'Accountant', { number: VISA, version: 1 }),
      await call('GET', `bank-cards/?search=4242&number=${VISA_DIGITS}`, 'Accountant'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 201, 400, 200]);
    expect(log()).toContain('number=[redacted]');
    // the logger redacts a body's or query's `number` wherever one is logged
    app.log.info({ body: { number: VISA_DIGITS }, request: { query: { number: VISA_DIGITS } } }, 'probe');
    expect(log()).toContain('probe');
    expect(log()).toContain('POST');

    const audit = await queryRows<Record<string, unknown>>(database.db, sql`select * from audit_log`);
    const table = await queryRows<Record<string, unknown>>(database.db, sql`select * from bank_cards`);
    expect(table.some((r) => r.last_four === '4242')).toBe(true);
    expect(JSON.stringify(audit)).toContain('4242');
    for (const text of [log(), JSON.stringify(audit), JSON.stringify(table), ...answers.map((a) => a.body)]) {
      expect(text).not.toContain(VISA_DIGITS);
      expect(text).not.toContain(VISA);
      expect(text).not.toContain('4242-4242');
    }
    expect(safeUrl(`/api/v1/bank-cards/?number=${VISA_DIGITS}&x=1`)).toBe(
      '/api/v1/bank-cards/?number=[redacted]&x=1',
    );
  });
});
