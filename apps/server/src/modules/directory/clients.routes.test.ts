import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_UP_TO } from '../../platform/list-query/paging.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { clientSearchColumns } from './clients.mappers.ts';
import { type ClientInsert, clientsRepository } from './clients.repository.ts';

let t: TestContext;
let fo: string;
let admin: string;
let foUserId: number;
let boUserId: number;
let londonId: number;

beforeAll(async () => {
  t = await createTestContext();
  [fo, admin] = await Promise.all([tokenFor('FO'), tokenFor('Admin')]);
  const users = (await t.request({ method: 'GET', url: 'users/?limit=50', token: admin })).json()
    .data as Array<{ id: number; role: string; region: { id: number; title: string } | null }>;
  foUserId = users.find((u) => u.role === 'FO')!.id;
  boUserId = users.find((u) => u.role === 'BO')!.id;
  londonId = users.find((u) => u.region?.title === 'London')!.region!.id;
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

const create = (payload: Record<string, unknown>, token = fo) =>
  t.request({ method: 'POST', url: 'clients/', token, payload });
const list = (query: string, token = fo) => t.request({ method: 'GET', url: `clients/?${query}`, token });

describe('creating a client', () => {
  it('stores the client with its plan, rating, manager and office, and records who created it', async () => {
    const res = await create({
      first_name: 'Ekaterina',
      last_name: 'Sokolova',
      email: 'Katya.Sokolova@Example.com',
      phone: '+44 7700 900123',
      gender: 'Female',
      language: 'RU',
      membership: 'the_one',
      membership_start: '2026-01-01',
      membership_end: '2026-12-31',
      rating: 'Strategic',
      fo_manager_id: foUserId,
      office_id: londonId,
    });
    expect(res.statusCode).toBe(201);
    const client = res.json().data;
    expect(client).toMatchObject({
      named: 'Ekaterina Sokolova',
      email: 'katya.sokolova@example.com',
      membership: 'the_one',
      rating: 'Strategic',
      blacklisted: false,
      fo_manager: { id: foUserId, name: 'Fiona Front' },
      office: { id: londonId, title: 'London', ccy: 'GBP' },
      archived: false,
      version: 1,
    });
    const audit = await t.request({
      method: 'GET',
      url: `audit/?entity=client&entity_id=${client.id}`,
      token: fo,
    });
    expect(audit.statusCode).toBe(200);
    const [entry] = audit.json().data;
    expect(entry).toMatchObject({ action: 'create', user: { name: 'Fiona Front' } });
    expect(entry.changes.email).toEqual([null, 'katya.sokolova@example.com']);
    expect(entry.changes.fo_manager).toEqual([null, { id: foUserId, name: 'Fiona Front' }]);
  });

  it('keeps payment terms of 0 to 365 days (the invoices take their due date from them)', async () => {
    const res = await create({ first_name: 'Terms', last_name: 'Thirty', payment_terms_days: 30 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.payment_terms_days).toBe(30);
    expect(
      (await create({ first_name: 'No', last_name: 'Terms' })).json().data.payment_terms_days,
    ).toBeNull();
    const over = await create({ first_name: 'Long', last_name: 'Terms', payment_terms_days: 366 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.payment_terms_days).toEqual(['Maximum value 365']);
  });

  it('defaults the rating to Basic and marks a blacklisted client', async () => {
    const basic = await create({ first_name: 'Plain', last_name: 'Client' });
    expect(basic.json().data).toMatchObject({ rating: 'Basic', blacklisted: false, email: null });
    const bad = await create({ first_name: 'Refused', last_name: 'Person', rating: 'Blacklisted' });
    expect(bad.json().data).toMatchObject({ rating: 'Blacklisted', blacklisted: true });
  });

  it('refuses an email already used, whatever its case', async () => {
    await create({ first_name: 'Ivan', last_name: 'Orlov', email: 'ivan.orlov@example.com' });
    const again = await create({ first_name: 'Other', last_name: 'Ivan', email: 'IVAN.ORLOV@example.com' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { email: ['Should be unique'] } });
  });

  it('answers bad input with the field messages of the spec', async () => {
    const res = await create({
      first_name: '  ',
      email: 'not-an-email',
      gender: 'Other',
      birthday: '31/12/1980',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.first_name).toEqual(['Required field']);
    expect(errors.last_name).toEqual(['Required field']);
    expect(errors.email).toEqual(['Invalid mail format']);
    expect(errors.gender).toEqual(['Invalid field value']);
    expect(errors.birthday).toEqual(['Invalid date format']);
    expect(errors.detail).toEqual(['Invalid body. first_name: Required field']);
    const dates = await create({
      first_name: 'A',
      last_name: 'B',
      membership_start: '2026-05-01',
      membership_end: '2026-04-01',
    });
    expect(dates.json().errors.membership_end).toEqual(['Minimum date: 01/05/2026']);
  });

  it('refuses unknown fields and a manager who is not FO', async () => {
    const unknown = await create({ first_name: 'A', last_name: 'B', vip: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.vip[0]).toMatch(/Unknown field/);
    const bo = await create({ first_name: 'A', last_name: 'B', fo_manager_id: boUserId, office_id: 999_999 });
    expect(bo.statusCode).toBe(400);
    expect(bo.json().errors).toEqual({
      fo_manager_id: ['Invalid field value'],
      office_id: ['Invalid field value'],
    });
  });

  it('lets every signed-in role create and read clients, and nobody signed out', async () => {
    for (const role of ['Admin', 'Accountant', 'BO'] as const) {
      const token = await tokenFor(role);
      const res = await create({ first_name: role, last_name: 'Made' }, token);
      expect(res.statusCode).toBe(201);
      expect(
        (await t.request({ method: 'GET', url: `clients/${res.json().data.id}/`, token })).statusCode,
      ).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: 'clients/' })).statusCode).toBe(401);
  });
});

describe('updating a client', () => {
  it('changes only the fields sent, bumps the version and records before and after', async () => {
    const { id, version } = (
      await create({ first_name: 'Oliver', last_name: 'Pembroke', city: 'Oxford' })
    ).json().data;
    const res = await t.request({
      method: 'PATCH',
      url: `clients/${id}/`,
      token: fo,
      payload: { version, rating: 'Strategic', city: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Oliver',
      rating: 'Strategic',
      city: null,
      version: version + 1,
    });
    const [entry] = (
      await t.request({ method: 'GET', url: `audit/?entity=client&entity_id=${id}`, token: fo })
    ).json().data;
    expect(entry).toMatchObject({
      action: 'update',
      changes: { rating: ['Basic', 'Strategic'], city: ['Oxford', null] },
    });
  });

  it('answers 409 to an editor holding a stale version', async () => {
    const { id, version } = (await create({ first_name: 'Stale', last_name: 'Copy' })).json().data;
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `clients/${id}/`,
          token: fo,
          payload: { version, notes: 'first' },
        })
      ).statusCode,
    ).toBe(200);
    const late = await t.request({
      method: 'PATCH',
      url: `clients/${id}/`,
      token: fo,
      payload: { version, notes: 'second' },
    });
    expect(late.statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: `clients/${id}/`, token: fo })).json().data.notes).toBe(
      'first',
    );
  });

  it('checks the plan dates against the stored ones and the email against others', async () => {
    const { id, version } = (
      await create({ first_name: 'Dated', last_name: 'Plan', membership_start: '2026-03-01' })
    ).json().data;
    const early = await t.request({
      method: 'PATCH',
      url: `clients/${id}/`,
      token: fo,
      payload: { version, membership_end: '2026-02-01' },
    });
    expect(early.json().errors).toEqual({ membership_end: ['Minimum date: 01/03/2026'] });
    await create({ first_name: 'Taken', last_name: 'Mail', email: 'taken@example.com' });
    const taken = await t.request({
      method: 'PATCH',
      url: `clients/${id}/`,
      token: fo,
      payload: { version, email: 'taken@example.com' },
    });
    expect(taken.json().errors).toEqual({ email: ['Should be unique'] });
  });

  it('answers 404 for a client that does not exist', async () => {
    expect((await t.request({ method: 'GET', url: 'clients/999999/', token: fo })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PATCH', url: 'clients/999999/', token: fo, payload: { version: 1 } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('lists and pickers', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {};
    for (const [first, last, extra] of [
      ['Émilie', 'Ørsted', { rating: 'Strategic', membership: 'trial' }],
      ['Zoe', 'Zimmerman', { membership: 'trial', email: 'zoe@zimmer.example' }],
      ['Yuri', 'Zhukov', { rating: 'Blacklisted' }],
      ['Xavier', 'Zapata', { language: 'EN' }],
    ] as const) {
      ids[first] = (await create({ first_name: first, last_name: last, ...extra })).json().data.id;
    }
  });

  it('finds clients by the start of any word, without accents or case', async () => {
    const byAccentless = (await list('search=emil%20ors')).json();
    expect(byAccentless.data.map((c: { id: number }) => c.id)).toEqual([ids.Émilie]);
    const byEmail = (await list('search=zimmer.exa')).json();
    expect(byEmail.data.map((c: { id: number }) => c.id)).toEqual([ids.Zoe]);
    expect((await list('search=milie')).json().meta.total).toBe(0);
  });

  it('answers compact picker items with list=true, honouring exclude, limit and offset', async () => {
    const res = await list(`list=true&search=z&exclude=${ids.Zoe}&limit=1`);
    const body = res.json();
    expect(body.meta).toEqual({ total: 2, limit: 1, offset: 0, total_estimated: false });
    expect(body.data).toEqual([
      {
        id: ids.Xavier,
        named: 'Xavier Zapata',
        email: null,
        phone: null,
        rating: 'Basic',
        blacklisted: false,
        membership: null,
        archived: false,
      },
    ]);
    const next = (await list(`list=true&search=z&exclude=${ids.Zoe}&limit=1&offset=1`)).json();
    expect(next.data.map((c: { id: number }) => c.id)).toEqual([ids.Yuri]);
  });

  it('filters by rating and membership and sorts by name either way', async () => {
    const trial = (await list('membership=trial&ordering=-name')).json();
    expect(trial.data.map((c: { named: string }) => c.named)).toEqual(['Zoe Zimmerman', 'Émilie Ørsted']);
    const strategicTrial = (await list('membership=trial&rating=Strategic,Blacklisted')).json();
    expect(strategicTrial.data.map((c: { id: number }) => c.id)).toEqual([ids.Émilie]);
    const bad = await list('rating=Gold');
    expect(bad.statusCode).toBe(400);
  });

  it('preloads the exact match with item=true', async () => {
    const res = (await list('item=true&search=zoe@zimmer.example&list=true')).json();
    expect(res.data.map((c: { id: number }) => c.id)).toEqual([ids.Zoe]);
    const byId = (await list(`item=true&search=${ids.Yuri}&list=true`)).json();
    expect(byId.data[0].id).toBe(ids.Yuri);
  });

  it('hides archived clients from lists and pickers, keeps them readable, and brings them back', async () => {
    const archived = await t.request({ method: 'POST', url: `clients/${ids.Xavier}/archive/`, token: fo });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ archived: true, archived_at: expect.any(String) });
    expect((await list('list=true&search=xavier')).json().data).toEqual([]);
    expect(
      (await t.request({ method: 'GET', url: `clients/${ids.Xavier}/`, token: fo })).json().data.archived,
    ).toBe(true);
    expect((await list('search=xavier&archived=true')).json().data).toHaveLength(1);
    expect((await list('archived=only')).json().data.map((c: { id: number }) => c.id)).toEqual([ids.Xavier]);
    // The picker's current value is shown even though it is archived.
    const withCurrent = (await list(`list=true&search=zoe&id=${ids.Xavier}`)).json();
    expect(withCurrent.data.map((c: { id: number }) => c.id)).toEqual([ids.Xavier, ids.Zoe]);
    const history = (
      await t.request({ method: 'GET', url: `audit/?entity=client&entity_id=${ids.Xavier}`, token: fo })
    ).json().data;
    expect(history[0]).toMatchObject({
      action: 'archive',
      changes: { archived_at: [null, expect.any(String)] },
    });

    expect(
      (await t.request({ method: 'POST', url: `clients/${ids.Xavier}/unarchive/`, token: fo })).json().data
        .archived,
    ).toBe(false);
    expect((await list('list=true&search=xavier')).json().data).toHaveLength(1);
  });
});

describe('totals of large lists', () => {
  it('counts exactly up to the limit, estimates beyond, and is exact again on the last page', async () => {
    const rows = Array.from({ length: EXACT_COUNT_UP_TO + 100 }, (_, i) => {
      const values = { first_name: `Bulk${i}`, last_name: 'Person', rating: 'Basic' } as ClientInsert;
      return { ...values, ...clientSearchColumns(values) };
    });
    await clientsRepository.insertManySkippingDuplicates(t.database.db, rows);
    await t.database.db.execute(sql`analyze clients`);
    const all = await t.request({ method: 'GET', url: 'clients/?limit=20', token: fo });
    const active = Number(
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from clients where archived_at is null`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n,
    );
    expect(all.json().meta.total_estimated).toBe(true);
    expect(Math.abs(all.json().meta.total - active)).toBeLessThan(active * 0.1);
    const last = (
      await t.request({ method: 'GET', url: `clients/?limit=500&offset=${active - 10}`, token: fo })
    ).json();
    expect(last.meta).toEqual({ total: active, limit: 500, offset: active - 10, total_estimated: false });
    expect(last.data).toHaveLength(10);
    const few = (await t.request({ method: 'GET', url: 'clients/?rating=Strategic', token: fo })).json();
    expect(few.meta.total_estimated).toBe(false);
  });
});

// PGlite runs one transaction at a time, so races only exist on PostgreSQL.
describe.runIf(onPostgres)('simultaneous writes (PostgreSQL)', () => {
  it('lets one of two simultaneous creates with the same email through', async () => {
    const payload = { first_name: 'Twin', last_name: 'Request', email: 'twin@example.com' };
    const results = await Promise.all([create(payload), create(payload), create(payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400))
      expect(r.json()).toEqual({ errors: { email: ['Should be unique'] } });
  });

  it('lets one of two simultaneous edits of the same version through', async () => {
    const { id, version } = (await create({ first_name: 'Raced', last_name: 'Edit' })).json().data;
    const edit = (notes: string) =>
      t.request({ method: 'PATCH', url: `clients/${id}/`, token: fo, payload: { version, notes } });
    const results = await Promise.all([edit('one'), edit('two')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = (
      await t.request({ method: 'GET', url: `audit/?entity=client&entity_id=${id}`, token: fo })
    ).json().data;
    expect(history.filter((e: { action: string }) => e.action === 'update')).toHaveLength(1);
  });
});

describe('references and uniqueness against archived records', () => {
  /** A new FO user; deactivated by Admin when `active` is false. */
  const foUser = async (name: string, email: string, active: boolean) => {
    const created = await t.request({
      method: 'POST',
      url: 'users/',
      token: admin,
      payload: { name, email, role: 'FO', password: 'temporary-pass-1' },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json().data as { id: number; version: number };
    if (!active) {
      const off = await t.request({
        method: 'PATCH',
        url: `users/${user.id}/`,
        token: admin,
        payload: { version: user.version, is_active: false },
      });
      expect(off.statusCode).toBe(200);
    }
    return user.id;
  };

  it('refuses a deactivated FO manager as a new one but keeps them on an edit that leaves them', async () => {
    const gone = await foUser('Gone Manager', 'gone.manager@example.com', false);
    const refused = await create({ first_name: 'New', last_name: 'Client', fo_manager_id: gone });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { fo_manager_id: ['Invalid field value'] } });

    // A client whose manager left since keeps them while the other fields change.
    const leaving = await foUser('Leaving Manager', 'leaving.manager@example.com', true);
    const client = (await create({ first_name: 'Loyal', last_name: 'Client', fo_manager_id: leaving })).json()
      .data;
    const user = (await t.request({ method: 'GET', url: `users/${leaving}/`, token: admin })).json().data;
    await t.request({
      method: 'PATCH',
      url: `users/${leaving}/`,
      token: admin,
      payload: { version: user.version, is_active: false },
    });
    const kept = await t.request({
      method: 'PATCH',
      url: `clients/${client.id}/`,
      token: fo,
      payload: { version: client.version, notes: 'Still ours', fo_manager_id: leaving },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({
      notes: 'Still ours',
      fo_manager: { id: leaving, name: 'Leaving Manager' },
    });

    // Another client may not be given them.
    const other = (await create({ first_name: 'Other', last_name: 'Client' })).json().data;
    const moved = await t.request({
      method: 'PATCH',
      url: `clients/${other.id}/`,
      token: fo,
      payload: { version: other.version, fo_manager_id: leaving },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ errors: { fo_manager_id: ['Invalid field value'] } });
  });

  it('keeps an archived client email taken', async () => {
    const { id } = (
      await create({ first_name: 'Archived', last_name: 'Owner', email: 'archived.owner@example.com' })
    ).json().data;
    await t.request({ method: 'POST', url: `clients/${id}/archive/`, token: fo });
    const again = await create({
      first_name: 'New',
      last_name: 'Owner',
      email: 'Archived.Owner@example.com',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { email: ['Should be unique'] } });
  });

  it('preloads an archived client with item=true (a picker current value)', async () => {
    const { id } = (await create({ first_name: 'Quentin', last_name: 'Archived' })).json().data;
    await t.request({ method: 'POST', url: `clients/${id}/archive/`, token: fo });
    const byId = (await list(`item=true&search=${id}&list=true`)).json().data;
    expect(byId).toEqual([expect.objectContaining({ id, named: 'Quentin Archived', archived: true })]);
  });
});

describe('list parameters', () => {
  it('answers out-of-range limit and offset with the spec messages', async () => {
    const tooMany = await list('limit=999');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.limit).toEqual(['Maximum value 500']);
    const none = await list('limit=0');
    expect(none.json().errors.limit).toEqual(['Minimum value 1']);
    const before = await list('offset=-1');
    expect(before.statusCode).toBe(400);
    expect(before.json().errors.offset).toEqual(['Minimum value 0']);
    const words = await list('limit=ten&offset=1.5');
    expect(words.json().errors).toMatchObject({
      limit: ['Invalid field value'],
      offset: ['Invalid field value'],
    });
  });
});
