import { SUPPLIER_TYPES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';

let t: TestContext;
let bo: string;
let serviceIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestContext();
  bo = await tokenFor('BO');
  const catalogue = (
    await t.request({ method: 'GET', url: 'services/?list=true&limit=100', token: bo })
  ).json().data as Array<{ id: number; named: string }>;
  serviceIds = Object.fromEntries(catalogue.map((s) => [s.named, s.id]));
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

const create = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: 'suppliers/', token: bo, payload });
const list = (query: string) => t.request({ method: 'GET', url: `suppliers/?${query}`, token: bo });
const names = (res: { json(): { data: Array<{ named: string }> } }) => res.json().data.map((s) => s.named);

describe('suppliers', () => {
  it('creates a supplier with its type, tags, services, terms, bank details and currency', async () => {
    const res = await create({
      name: 'Hôtel Plaza Athénée',
      type: 'Hotel',
      tags: ['luxury', ' Paris  centre '],
      service_ids: [serviceIds.Hotel],
      payment_terms_days: 30,
      currency: 'EUR',
      bank_name: 'BNP Paribas',
      bank_account: 'fr76 3000 4000 0312 3456 7890 143',
      bank_swift: 'bnpafrpp',
      city: 'Paris',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      named: 'Hôtel Plaza Athénée',
      type: 'Hotel',
      tags: ['luxury', 'Paris centre'],
      services: [{ id: serviceIds.Hotel, named: 'Hotel' }],
      payment_terms_days: 30,
      currency: 'EUR',
      bank_account: 'FR7630004000031234567890143',
      bank_swift: 'BNPAFRPP',
    });
  });

  it('refuses a name already used, ignoring case, accents and spacing', async () => {
    const again = await create({ name: 'hotel  plaza athenee', type: 'Hotel' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { name: ['Should be unique'] } });
  });

  it('answers bad input with field messages', async () => {
    const res = await create({
      name: '',
      type: 'Castle',
      payment_terms_days: 400,
      tags: ['vip', 'VIP'],
      currency: 'JPY',
      email: 'x@',
      service_ids: [1, 1],
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.name).toEqual(['Required field']);
    expect(errors.type).toEqual(['Invalid field value']);
    expect(errors.payment_terms_days).toEqual(['Maximum value 365']);
    expect(errors.tags).toEqual(['Should be unique']);
    expect(errors.currency).toEqual(['Invalid field value']);
    expect(errors.email).toEqual(['Invalid mail format']);
    expect(errors.service_ids).toEqual(['Should be unique']);
    const unknownService = await create({ name: 'Ghost DMC', type: 'DMC', service_ids: [999_999] });
    expect(unknownService.json().errors).toEqual({ service_ids: ['Invalid field value'] });
  });

  it('lists the tags in use and the supplier types', async () => {
    await create({
      name: 'Riviera Chauffeurs',
      type: 'Transfer company',
      tags: ['chauffeur', 'luxury'],
      currency: 'EUR',
      service_ids: [serviceIds.Transportation],
    });
    const tags = await t.request({ method: 'GET', url: 'suppliers/tags/', token: bo });
    expect(tags.json()).toEqual({ data: ['chauffeur', 'luxury', 'Paris centre'] });
    const types = (await t.request({ method: 'GET', url: 'supplier_types/', token: bo })).json().data;
    expect(types.map((x: { value: string }) => x.value)).toEqual([...SUPPLIER_TYPES]);
    expect(types[0]).toEqual({ value: 'Hotel', named: 'Hotel' });
    const filtered = (
      await t.request({ method: 'GET', url: 'supplier_types/?search=bro&exclude=Yacht%20broker', token: bo })
    ).json().data;
    expect(filtered).toEqual([{ value: 'Private jet broker', named: 'Private jet broker' }]);
  });

  it('filters by type, tags, service and currency, and searches words', async () => {
    await create({
      name: 'Burgess Yachts',
      type: 'Yacht broker',
      tags: ['yacht'],
      currency: 'EUR',
      city: 'Monaco',
      service_ids: [serviceIds['Yacht Charter']],
    });
    expect(names(await list('type=Yacht%20broker,Hotel'))).toEqual(['Burgess Yachts', 'Hôtel Plaza Athénée']);
    expect(names(await list('tags=chauffeur,yacht'))).toEqual(['Burgess Yachts', 'Riviera Chauffeurs']);
    expect(names(await list(`service=${serviceIds.Transportation}`))).toEqual(['Riviera Chauffeurs']);
    expect(names(await list('currency=EUR&search=monaco'))).toEqual(['Burgess Yachts']);
    expect(names(await list('search=plaza hot'))).toEqual(['Hôtel Plaza Athénée']);
  });

  it('replaces the services on update, refuses a stale version, and records the change', async () => {
    const created = (
      await create({ name: 'Arabian Adventures', type: 'DMC', service_ids: [serviceIds.Guide] })
    ).json().data;
    const res = await t.request({
      method: 'PATCH',
      url: `suppliers/${created.id}/`,
      token: bo,
      payload: {
        version: created.version,
        service_ids: [serviceIds.Guide, serviceIds['Tickets for events']],
        payment_terms_days: 14,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.services.map((s: { named: string }) => s.named)).toEqual([
      'Guide',
      'Tickets for events',
    ]);
    const stale = await t.request({
      method: 'PATCH',
      url: `suppliers/${created.id}/`,
      token: bo,
      payload: { version: created.version, name: 'Late' },
    });
    expect(stale.statusCode).toBe(409);
    const [entry] = (
      await t.request({ method: 'GET', url: `audit/?entity=supplier&entity_id=${created.id}`, token: bo })
    ).json().data;
    expect(entry.changes.payment_terms_days).toEqual([null, 14]);
    expect(entry.changes.services[1]).toHaveLength(2);
  });

  it('archives: gone from pickers, still readable, back on unarchive', async () => {
    const { id } = (await create({ name: 'VFS Global', type: 'Visa agent' })).json().data;
    expect((await t.request({ method: 'POST', url: `suppliers/${id}/archive/`, token: bo })).statusCode).toBe(
      200,
    );
    expect(names(await list('list=true&search=vfs'))).toEqual([]);
    expect(
      (await t.request({ method: 'GET', url: `suppliers/${id}/`, token: bo })).json().data.archived,
    ).toBe(true);
    const current = (await list(`list=true&search=zzz&id=${id}`)).json().data;
    expect(current).toEqual([
      {
        id,
        named: 'VFS Global',
        type: 'Visa agent',
        currency: null,
        payment_terms_days: null,
        archived: true,
      },
    ]);
    await t.request({ method: 'POST', url: `suppliers/${id}/unarchive/`, token: bo });
    expect(names(await list('list=true&search=vfs'))).toEqual(['VFS Global']);
  });
});

describe('references and uniqueness against archived records', () => {
  const archiveService = async (id: number) => {
    const accountant = await tokenFor('Accountant');
    const res = await t.request({ method: 'POST', url: `services/${id}/archive/`, token: accountant });
    expect(res.statusCode).toBe(200);
  };

  it('refuses an archived service as a new one but keeps it on an edit that leaves it', async () => {
    const flowers = serviceIds.Flowers!;
    const florist = (
      await create({ name: 'Bloom & Wild', type: 'Other', service_ids: [flowers, serviceIds.Hotel] })
    ).json().data;
    await archiveService(flowers);

    const refused = await create({ name: 'Petal Express', type: 'Other', service_ids: [flowers] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { service_ids: ['Invalid field value'] } });

    // The florist keeps the archived service it already offers while its other fields change.
    const kept = await t.request({
      method: 'PATCH',
      url: `suppliers/${florist.id}/`,
      token: bo,
      payload: { version: florist.version, payment_terms_days: 7, service_ids: [flowers] },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({
      payment_terms_days: 7,
      services: [{ id: flowers, named: 'Flowers' }],
    });

    // Another supplier may not take it up.
    const other = (await create({ name: 'Garden Gifts', type: 'Other' })).json().data;
    const added = await t.request({
      method: 'PATCH',
      url: `suppliers/${other.id}/`,
      token: bo,
      payload: { version: other.version, service_ids: [flowers] },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({ errors: { service_ids: ['Invalid field value'] } });
  });

  it('keeps an archived supplier name taken', async () => {
    const { id } = (await create({ name: 'Old Harbour Yachts', type: 'Yacht broker' })).json().data;
    await t.request({ method: 'POST', url: `suppliers/${id}/archive/`, token: bo });
    const again = await create({ name: 'old  harbour yachts', type: 'Yacht broker' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { name: ['Should be unique'] } });
  });

  it('preloads an archived supplier with item=true', async () => {
    const { id } = (await create({ name: 'Closed Travel Desk', type: 'DMC' })).json().data;
    await t.request({ method: 'POST', url: `suppliers/${id}/archive/`, token: bo });
    const byId = (await list(`item=true&search=${id}&list=true`)).json().data;
    expect(byId).toEqual([expect.objectContaining({ id, named: 'Closed Travel Desk', archived: true })]);
  });
});
