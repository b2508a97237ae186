import type { Card, InvoiceRecord, Transaction } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  type InvoicesWorld,
  issued,
} from '../accounting/invoices.test-support.ts';
import { transactionsRepository } from './transactions.repository.ts';
import { dbError } from './transactions.support.ts';
import {
  addBank,
  addTransaction,
  auditHistory,
  deleteTransaction,
  getTransaction,
  lineCount,
  patchTransaction,
  postTransaction,
  ruleOf,
} from './transactions.test-support.ts';

let t: TestContext;
let w: InvoicesWorld;
let acc: string;
/** BSLF: GBP and EUR accounts; TPRO: AED. */
const bank = { gbp: 0, eur: 0, aed: 0, gbpOther: 0 };
let card: Card;
let invoice: InvoiceRecord;

const history = (id: number) => auditHistory(t, acc, 'bank_transaction', id);

const setAllocated = (id: number, amount: string) =>
  t.database.db.execute(sql`update bank_transactions set allocated_amount = ${amount} where id = ${id}`);

beforeAll(async () => {
  t = await createTestContext();
  w = await buildInvoicesWorld(t);
  acc = w.token.Accountant;
  bank.gbp = await addBank(t, w, w.company.BSLF, 'GBP', 'Income', 'Barclays');
  bank.gbpOther = await addBank(t, w, w.company.BSLF, 'GBP', 'Outcome', 'HSBC');
  bank.eur = await addBank(t, w, w.company.BSLF, 'EUR');
  bank.aed = await addBank(t, w, w.company.TPRO, 'AED', 'Income', 'Emirates NBD');
  const res = await t.request({
    method: 'POST',
    url: 'bank-cards/',
    token: acc,
    payload: { bank: bank.gbp, holder: 'Alice Admin', number: '4242 4242 4242 4242', expiry: '09/39' },
  });
  expect(res.statusCode, res.body).toBe(201);
  card = res.json().data;
  invoice = await issued(t, w, await confirmedRequest(t, w));
});
afterAll(() => t.close());

describe('POST transactions/', () => {
  it('enters a line and answers the record with its account, counterparty, card and history', async () => {
    const line = await addTransaction(t, acc, {
      bank: bank.gbp,
      type: 'SPEND',
      date: '2026-03-12',
      amount: '1250.5',
      currency: 'GBP',
      counterparty_kind: 'supplier',
      counterparty: w.supplier.ritz,
      reference: '  Ritz booking 4471-A  ',
      card: card.id,
    });
    expect(line).toMatchObject({
      bank: {
        id: bank.gbp,
        currency: 'GBP',
        company: { id: w.company.BSLF, code: 'BSLF' },
      },
      type: 'SPEND',
      way: 'pay',
      date: '2026-03-12',
      amount: '1250.50',
      currency: 'GBP',
      counterparty: { kind: 'supplier', id: w.supplier.ritz, name: 'The Ritz London' },
      reference: 'Ritz booking 4471-A',
      card: { id: card.id, label: 'Visa •••• 4242 (Alice Admin)' },
      pair: null,
      rate: null,
      allocated_amount: '0.00',
      open_amount: '1250.50',
      match_status: 'unmatched',
      is_credit: false,
      created_by: { id: w.userId.Accountant },
      version: 1,
    });
    expect(line.bank.named).toMatch(/^Barclays GBP \(…\d{4}\)$/);
    const [created] = await history(line.id);
    expect(created).toMatchObject({ action: 'create' });
    expect(created!.changes.amount).toEqual([null, '1250.50']);
    expect(created!.changes.card_id).toEqual([null, card.id]);
    const [row] = await queryRows<{ reference_words: string[]; search_vector: string }>(
      t.database.db,
      sql`select reference_words, search_vector::text from bank_transactions where id = ${line.id}`,
    );
    expect(row!.reference_words).toContain('4471-A');
    expect(row!.search_vector).toContain("'1250.50'");
    expect(row!.search_vector).toContain("'ritz'");
  });

  it('takes the currency from the account and refuses another one, writing nothing', async () => {
    const line = await addTransaction(t, acc, { bank: bank.eur, amount: '10' });
    expect(line.currency).toBe('EUR');
    const before = await lineCount(t);
    const error = ruleOf(
      await postTransaction(t, acc, {
        bank: bank.eur,
        type: 'RECEIVE',
        date: '2026-03-10',
        amount: '10',
        currency: 'GBP',
      }),
    );
    expect(error.code).toBe('bank_currency_mismatch');
    expect(error.detail).toMatch(
      /^Coutts & Co EUR \(…\d{4}\) holds EUR; a line in GBP cannot be entered on it$/,
    );
    expect(await lineCount(t)).toBe(before);
  });

  it('answers the composite key of (bank, currency) as the same 400 when the database refuses a line', async () => {
    const caught = await t.database.db
      .transaction((tx) =>
        transactionsRepository.insert(tx, {
          bank_id: bank.eur,
          currency: 'GBP',
          type: 'RECEIVE',
          way: 'pay',
          date: '2026-03-10',
          amount: '5.00',
          search_vector: '',
        }),
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    const bankRow = (await transactionsRepository.bank(t.database.db, bank.eur))!;
    const mapped = dbError(caught, bankRow, 'GBP');
    expect(mapped).toBeInstanceOf(AppError);
    expect((mapped as AppError).code).toBe('BANK_CURRENCY_MISMATCH');
    expect((mapped as AppError).status).toBe(400);
  });

  it('refuses a way that does not go with the type, and transfer legs by hand', async () => {
    const base = { bank: bank.gbp, date: '2026-03-10', amount: '10' };
    const way = ruleOf(await postTransaction(t, acc, { ...base, type: 'RECEIVE', way: 'reduce' }));
    expect(way).toEqual({
      code: 'transaction_invalid',
      detail: 'Way reduce does not go with a RECEIVE transaction',
    });
    for (const type of ['SPEND-TRANSFER', 'RECEIVE-TRANSFER']) {
      const leg = ruleOf(await postTransaction(t, acc, { ...base, type, way: 'transfer' }));
      expect(leg).toEqual({
        code: 'transaction_is_transfer',
        detail: 'Transfers and conversions are entered as a pair: use New transfer',
      });
    }
  });

  it('records a card only on a SPEND of its own account', async () => {
    const base = { bank: bank.gbp, date: '2026-03-10', amount: '10', card: card.id };
    const notSpend = ruleOf(await postTransaction(t, acc, { ...base, type: 'RECEIVE' }));
    expect(notSpend).toEqual({
      code: 'transaction_invalid',
      detail: 'A bank card is recorded only on a SPEND',
    });
    const other = ruleOf(await postTransaction(t, acc, { ...base, bank: bank.gbpOther, type: 'SPEND' }));
    expect(other.code).toBe('transaction_invalid');
    expect(other.detail).toMatch(
      /^Card Visa •••• 4242 \(Alice Admin\) is tied to another account than HSBC GBP/,
    );
    const unknown = await postTransaction(t, acc, { ...base, type: 'SPEND', card: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.card).toEqual(['Invalid field value']);
  });

  it('needs a counterparty as a kind and an existing id together', async () => {
    const base = { bank: bank.gbp, type: 'RECEIVE', date: '2026-03-10', amount: '10' };
    const noId = await postTransaction(t, acc, { ...base, counterparty_kind: 'client' });
    expect(noId.json().errors).toEqual({ counterparty: ['Required field'] });
    const noKind = await postTransaction(t, acc, { ...base, counterparty: w.client.anna });
    expect(noKind.json().errors).toEqual({ counterparty_kind: ['Required field'] });
    const unknown = await postTransaction(t, acc, {
      ...base,
      counterparty_kind: 'supplier',
      counterparty: 999999,
    });
    expect(unknown.json().errors).toEqual({ counterparty: ['Invalid field value'] });
  });

  it('gives credit (overpayment, prepayment, top-up) and its use to a client only', async () => {
    const base = { bank: bank.gbp, date: '2026-03-10', amount: '10' };
    const cases = [
      { type: 'RECEIVE', way: 'top_up' },
      { type: 'RECEIVE-OVERPAYMENT' },
      { type: 'RECEIVE-PREPAYMENT', counterparty_kind: 'supplier', counterparty: w.supplier.ritz },
      { type: 'SPEND', way: 'reduce' },
    ];
    for (const c of cases) {
      const error = ruleOf(await postTransaction(t, acc, { ...base, ...c }));
      expect(error, JSON.stringify(c)).toEqual({
        code: 'transaction_invalid',
        detail: 'A credit or a use of credit belongs to a client: choose the client',
      });
    }
    const credit = await addTransaction(t, acc, {
      ...base,
      type: 'RECEIVE',
      way: 'top_up',
      counterparty_kind: 'client',
      counterparty: w.client.anna,
    });
    expect(credit).toMatchObject({ is_credit: true, counterparty: { name: 'Anna Karenina' } });
  });

  it('refuses an archived or unknown account, and FO and BO', async () => {
    const archived = await addBank(t, w, w.company.BSLF, 'USD');
    await t.request({ method: 'POST', url: `banks/${archived}/archive/`, token: w.token.Admin });
    for (const id of [archived, 999999]) {
      const res = await postTransaction(t, acc, {
        bank: id,
        type: 'RECEIVE',
        date: '2026-03-10',
        amount: '1',
      });
      expect(res.json().errors).toEqual({ bank: ['Invalid field value'] });
    }
    for (const who of ['FO', 'BO'] as const) {
      const res = await postTransaction(t, w.token[who], {
        bank: bank.gbp,
        type: 'RECEIVE',
        date: '2026-03-10',
        amount: '1',
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('PATCH and DELETE transactions/{id}/', () => {
  it('changes a line at its version, refreshes its search words and records the change', async () => {
    const line = await addTransaction(t, acc, { bank: bank.gbp, amount: '77.00', reference: 'first text' });
    const stale = await patchTransaction(t, acc, line.id, { amount: '78', version: 2 });
    expect(stale.statusCode).toBe(409);
    const res = await patchTransaction(t, acc, line.id, {
      amount: '78.10',
      reference: 'Payment BSLFINV20260042',
      counterparty_kind: 'client',
      counterparty: w.boris,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json().data as Transaction;
    expect(changed).toMatchObject({ amount: '78.10', version: 2, counterparty: { name: 'Boris Godunov' } });
    const found = await t.request({
      method: 'GET',
      url: 'transactions/?search=BSLF-INV-2026-0042',
      token: acc,
    });
    expect(found.json().data.map((x: Transaction) => x.id)).toEqual([line.id]);
    const byName = await t.request({ method: 'GET', url: 'transactions/?search=godun', token: acc });
    expect(byName.json().data.map((x: Transaction) => x.id)).toContain(line.id);
    const [update] = await history(line.id);
    expect(update).toMatchObject({ action: 'update' });
    expect(update!.changes.amount).toEqual(['77.00', '78.10']);
    expect(update!.changes.counterparty_id).toEqual([null, w.boris]);
    // clearing the id clears the kind with it
    const cleared = await patchTransaction(t, acc, line.id, { counterparty: null, version: 2 });
    expect(cleared.json().data.counterparty).toBeNull();
  });

  it('refuses a transfer type, a card and a way that no longer fit on update', async () => {
    const line = await addTransaction(t, acc, { bank: bank.gbp, type: 'SPEND', card: card.id });
    expect(ruleOf(await patchTransaction(t, acc, line.id, { type: 'SPEND-TRANSFER', version: 1 })).code).toBe(
      'transaction_is_transfer',
    );
    expect(ruleOf(await patchTransaction(t, acc, line.id, { type: 'RECEIVE', version: 1 })).detail).toBe(
      'A bank card is recorded only on a SPEND',
    );
    expect(ruleOf(await patchTransaction(t, acc, line.id, { way: 'top_up', version: 1 })).code).toBe(
      'transaction_invalid',
    );
    expect(ruleOf(await patchTransaction(t, acc, line.id, { currency: 'EUR', version: 1 })).code).toBe(
      'bank_currency_mismatch',
    );
    expect((await getTransaction(t, acc, line.id)).version).toBe(1);
  });

  it('keeps the amount, date, type and way of a matched line and refuses to delete it', async () => {
    const line = await addTransaction(t, acc, {
      bank: bank.gbp,
      amount: '100.00',
      counterparty_kind: 'client',
      counterparty: w.client.anna,
    });
    await setAllocated(line.id, '40.00');
    for (const change of [
      { amount: '90' },
      { date: '2026-03-11' },
      { type: 'RECEIVE-PREPAYMENT' },
      { way: 'top_up' },
    ]) {
      const error = ruleOf(await patchTransaction(t, acc, line.id, { ...change, version: 1 }));
      expect(error, JSON.stringify(change)).toEqual({
        code: 'transaction_allocated',
        detail:
          'This transaction is matched (GBP 40.00 of GBP 100.00 allocated); unmatch its allocations before changing its amount, date, type or account',
      });
    }
    const ok = await patchTransaction(t, acc, line.id, { reference: 'Anna paid', amount: '100', version: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ open_amount: '60.00', allocated_amount: '40.00' });
    expect(ruleOf(await deleteTransaction(t, acc, line.id)).code).toBe('transaction_allocated');
    expect((await getTransaction(t, acc, line.id)).id).toBe(line.id);
  });

  it('lets a matched line change its counterparty only to the owner of its documents', async () => {
    const line = await addTransaction(t, acc, {
      bank: bank.gbp,
      amount: '500.00',
      counterparty_kind: 'client',
      counterparty: w.client.anna,
    });
    await t.database.db.execute(
      sql`insert into allocations (transaction_id, invoice_id, amount, document_amount, rate, base_amount, document_base_amount, fx_difference, date)
          values (${line.id}, ${invoice.id}, '100.00', '100.00', '1', '100.00', '100.00', '0.00', '2026-03-10')`,
    );
    await setAllocated(line.id, '100.00');
    const error = ruleOf(await patchTransaction(t, acc, line.id, { counterparty: w.boris, version: 1 }));
    expect(error).toEqual({
      code: 'transaction_allocated',
      detail:
        'This transaction is matched to documents of its counterparty; unmatch them before changing the counterparty',
    });
    expect(ruleOf(await patchTransaction(t, acc, line.id, { counterparty: null, version: 1 })).code).toBe(
      'transaction_allocated',
    );
    const same = await patchTransaction(t, acc, line.id, {
      counterparty: w.client.anna,
      card: null,
      version: 1,
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('deletes an unmatched line and records it', async () => {
    const line = await addTransaction(t, acc, { bank: bank.gbp, amount: '12.00' });
    const res = await deleteTransaction(t, acc, line.id);
    expect(res.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `transactions/${line.id}/`, token: acc })).statusCode).toBe(
      404,
    );
    expect((await history(line.id))[0]).toMatchObject({ action: 'delete' });
    expect((await deleteTransaction(t, acc, line.id)).statusCode).toBe(404);
  });
});

describe('closed months', () => {
  it('refuses to enter, move into, change or delete a line of a closed month of its company', async () => {
    const inJanuary = await addTransaction(t, acc, { bank: bank.gbp, date: '2026-01-20' });
    const inMarch = await addTransaction(t, acc, { bank: bank.gbp, date: '2026-03-20' });
    const tpro = await addTransaction(t, acc, { bank: bank.aed, date: '2026-01-20' });
    await t.database.db.execute(
      sql`insert into period_locks (company_id, month) values (${w.company.BSLF}, '2026-01-01')`,
    );
    const locked = (res: Awaited<ReturnType<typeof postTransaction>>) => {
      const error = ruleOf(res);
      expect(error.code).toBe('period_locked');
      expect(error.detail).toContain('January 2026');
    };
    locked(
      await postTransaction(t, acc, { bank: bank.gbp, type: 'RECEIVE', date: '2026-01-05', amount: '1' }),
    );
    locked(await patchTransaction(t, acc, inMarch.id, { date: '2026-01-31', version: 1 }));
    locked(await patchTransaction(t, acc, inJanuary.id, { reference: 'late note', version: 1 }));
    locked(await deleteTransaction(t, acc, inJanuary.id));
    // another company's January is open
    expect((await patchTransaction(t, acc, tpro.id, { reference: 'fine', version: 1 })).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from period_locks`);
  });

  it('answers the trigger behind the check as the same 400 (a month closed between check and write)', async () => {
    await t.database.db.execute(
      sql`insert into period_locks (company_id, month) values (${w.company.BSLF}, '2026-01-01')`,
    );
    const caught = await t.database.db
      .transaction((tx) =>
        transactionsRepository.insert(tx, {
          bank_id: bank.gbp,
          currency: 'GBP',
          type: 'RECEIVE',
          way: 'pay',
          date: '2026-01-15',
          amount: '5.00',
          search_vector: '',
        }),
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    await t.database.db.execute(sql`delete from period_locks`);
    const mapped = dbError(caught, null, 'GBP') as AppError;
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped.code).toBe('PERIOD_LOCKED');
    expect(mapped.message).toContain('January 2026');
  });
});

describe('bank accounts with transactions', () => {
  it('refuses a currency change while the account has lines, and allows it on an empty one', async () => {
    const account = await addBank(t, w, w.company.TPRO, 'USD');
    await addTransaction(t, acc, { bank: account });
    await addTransaction(t, acc, { bank: account });
    const bankRecord = (await t.request({ method: 'GET', url: `banks/${account}/`, token: acc })).json().data;
    const res = await t.request({
      method: 'PATCH',
      url: `banks/${account}/`,
      token: acc,
      payload: { currency: 'GBP', version: bankRecord.version },
    });
    expect(ruleOf(res)).toEqual({
      code: 'in_use',
      detail: 'This account has 2 bank transactions; its currency can no longer change',
    });
    const empty = await addBank(t, w, w.company.TPRO, 'USD');
    const moved = await t.request({
      method: 'PATCH',
      url: `banks/${empty}/`,
      token: acc,
      payload: { currency: 'EUR', version: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // nor may it move to another company: its lines would leave their company's (closed) months
    const toBslf = await t.request({
      method: 'PATCH',
      url: `banks/${account}/`,
      token: acc,
      payload: { company_id: w.company.BSLF, version: bankRecord.version },
    });
    expect(ruleOf(toBslf)).toEqual({
      code: 'in_use',
      detail:
        "This account has 2 bank transactions in its company's books; it can no longer move to another company",
    });
    // archiving keeps the lines: a closed account's history stays readable
    const archived = await t.request({
      method: 'POST',
      url: `banks/${account}/archive/`,
      token: w.token.Admin,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const lines = await t.request({ method: 'GET', url: `transactions/?bank=${account}`, token: acc });
    expect(lines.json().meta.total).toBe(2);
  });
});

describe('GET transactions/', () => {
  const ids: Record<string, number> = {};
  let company = 0;
  const list = async (query: string): Promise<{ ids: string[]; meta: Record<string, unknown> }> => {
    const res = await t.request({
      method: 'GET',
      url: `transactions/?company=${company}&${query}`,
      token: acc,
    });
    expect(res.statusCode, res.body).toBe(200);
    const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    return { ids: res.json().data.map((x: Transaction) => byId[x.id] ?? `#${x.id}`), meta: res.json().meta };
  };

  beforeAll(async () => {
    const res = await t.request({
      method: 'POST',
      url: 'companies/',
      token: w.token.Admin,
      payload: { code: 'LIST', name: 'List Company', base_currency: 'GBP' },
    });
    expect(res.statusCode, res.body).toBe(201);
    company = res.json().data.id;
    const gbp = await addBank(t, w, company, 'GBP');
    const eur = await addBank(t, w, company, 'EUR');
    const anna = { counterparty_kind: 'client', counterparty: w.client.anna };
    const boris = { counterparty_kind: 'client', counterparty: w.boris };
    const add = async (key: string, body: Record<string, unknown> & { bank: number }) => {
      ids[key] = (await addTransaction(t, acc, body)).id;
    };
    await add('a', {
      bank: gbp,
      date: '2026-02-01',
      amount: '1200',
      ...anna,
      reference: 'Payment BSLF-INV-2026-0007 thanks',
    });
    await add('b', {
      bank: gbp,
      type: 'SPEND',
      date: '2026-02-03',
      amount: '35.50',
      counterparty_kind: 'supplier',
      counterparty: w.supplier.ritz,
      reference: 'Ritz 4471-A',
    });
    await add('c', { bank: gbp, way: 'top_up', date: '2026-02-05', amount: '500', ...anna });
    await add('d', { bank: eur, type: 'RECEIVE-OVERPAYMENT', date: '2026-02-07', amount: '80', ...boris });
    await add('e', { bank: eur, type: 'SPEND', date: '2026-02-10', amount: '1200', reference: 'card fee' });
    await add('f', { bank: gbp, date: '2026-02-12', amount: '10', ...boris });
    await setAllocated(ids.f!, '10.00');
    const [imported] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into statement_imports (bank_id, file_name, file_sha256) values (${eur}, 'march.csv', ${'0'.repeat(64)}) returning id`,
    );
    await t.database.db.execute(
      sql`update bank_transactions set import_id = ${imported!.id} where id = ${ids.e!}`,
    );
    ids.importId = imported!.id;
    ids.gbp = gbp;
  });

  it('lists a company newest first with an exact total', async () => {
    const all = await list('');
    expect(all.ids).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    expect(all.meta).toEqual({ total: 6, total_estimated: false, limit: 20, offset: 0 });
    const page = await list('limit=2&offset=2');
    expect(page.ids).toEqual(['d', 'c']);
    expect(page.meta.total).toBe(6);
  });

  it('filters by every field of the query', async () => {
    expect((await list(`bank=${ids.gbp}`)).ids).toEqual(['f', 'c', 'b', 'a']);
    expect((await list('currency=EUR')).ids).toEqual(['e', 'd']);
    expect((await list('type=SPEND')).ids).toEqual(['e', 'b']);
    expect((await list('way=top_up')).ids).toEqual(['c']);
    expect((await list('match_status=matched')).ids).toEqual(['f']);
    expect((await list('match_status=unmatched')).ids).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect((await list(`counterparty_kind=client&counterparty=${w.client.anna}`)).ids).toEqual(['c', 'a']);
    expect((await list(`counterparty=${w.boris}`)).ids).toEqual(['f', 'd']);
    expect((await list('counterparty_kind=supplier')).ids).toEqual(['b']);
    expect((await list('credit=true')).ids).toEqual(['d', 'c']);
    expect((await list('credit=false')).ids).toEqual(['f', 'e', 'b', 'a']);
    expect((await list(`import=${ids.importId}`)).ids).toEqual(['e']);
    expect((await list('date_from=2026-02-03&date_to=2026-02-07')).ids).toEqual(['d', 'c', 'b']);
  });

  it('searches the bank text, document numbers, the counterparty, an amount and an id', async () => {
    expect((await list('search=BSLF-INV-2026-0007')).ids).toEqual(['a']);
    expect((await list('search=bslf inv 2026 0007')).ids).toEqual(['a']);
    expect((await list('search=4471-A')).ids).toEqual(['b']);
    expect((await list('search=ritz')).ids).toEqual(['b']);
    expect((await list('search=karen')).ids).toEqual(['c', 'a']);
    expect((await list('search=1,200.00')).ids).toEqual(['e', 'a']);
    expect((await list('search=1200.00')).ids).toEqual(['e', 'a']);
    expect((await list('search=35.5')).ids).toEqual(['b']);
    expect((await list('search=card fee')).ids).toEqual(['e']);
    expect((await list(`search=${ids.d}`)).ids).toContain('d');
    expect((await list('search=nothing-like-this-9')).ids).toEqual([]);
  });

  it('orders by amount, date and id both ways, ties by id', async () => {
    expect((await list('ordering=amount')).ids).toEqual(['f', 'b', 'd', 'c', 'a', 'e']);
    expect((await list('ordering=-amount')).ids).toEqual(['e', 'a', 'c', 'd', 'b', 'f']);
    expect((await list('ordering=date')).ids).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect((await list('ordering=-id')).ids).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    const bad = await t.request({ method: 'GET', url: 'transactions/?ordering=reference', token: acc });
    expect(bad.statusCode).toBe(400);
  });

  it('is for the Accountant and the Admin only', async () => {
    for (const who of ['FO', 'BO'] as const)
      expect((await t.request({ method: 'GET', url: 'transactions/', token: w.token[who] })).statusCode).toBe(
        403,
      );
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=bank_transaction&entity_id=${ids.a}`,
      token: w.token.FO,
    });
    expect(history.statusCode).toBe(403);
  });
});
