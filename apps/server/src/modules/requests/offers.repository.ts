import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { services } from '../directory/services.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { users } from '../users/users.table.ts';
import { hotelOffers } from './offers.table.ts';
import { requests } from './requests.table.ts';

export type HotelOfferRow = typeof hotelOffers.$inferSelect;
export type HotelOfferInsert = typeof hotelOffers.$inferInsert;
export type HotelOfferWithRefs = HotelOfferRow & { supplier_name: string; creator_name: string | null };

/** What the offers need of their request: whether it takes changes, and who it is for. */
export interface OfferRequestHead {
  id: number;
  number: string;
  kind: string;
  canceled_at: Date | null;
  company_name: string;
  client_first_name: string;
  client_last_name: string;
}

const selection = {
  offer: hotelOffers,
  supplier_name: suppliers.name,
  creator_name: users.name,
};

function joined(ex: Executor) {
  return ex
    .select(selection)
    .from(hotelOffers)
    .innerJoin(suppliers, eq(suppliers.id, hotelOffers.supplier_id))
    .leftJoin(users, eq(users.id, hotelOffers.created_by));
}

const merge = (r: { offer: HotelOfferRow; supplier_name: string; creator_name: string | null }) => ({
  ...r.offer,
  supplier_name: r.supplier_name,
  creator_name: r.creator_name,
});

export const offersRepository = {
  /** The request the offers belong to; with `lock`, its row is held until the transaction ends. */
  async requestHead(ex: Executor, requestId: number, lock = false): Promise<OfferRequestHead | null> {
    if (lock)
      await ex.select({ id: requests.id }).from(requests).where(eq(requests.id, requestId)).for('update');
    const rows = await ex
      .select({
        id: requests.id,
        number: requests.number,
        kind: requests.kind,
        canceled_at: requests.canceled_at,
        company_name: companies.name,
        client_first_name: clients.first_name,
        client_last_name: clients.last_name,
      })
      .from(requests)
      .innerJoin(companies, eq(companies.id, requests.company_id))
      .innerJoin(clients, eq(clients.id, requests.client_id))
      .where(eq(requests.id, requestId));
    return rows[0] ?? null;
  },

  async list(ex: Executor, requestId: number): Promise<HotelOfferWithRefs[]> {
    const rows = await joined(ex)
      .where(eq(hotelOffers.request_id, requestId))
      .orderBy(asc(hotelOffers.position), asc(hotelOffers.id));
    return rows.map(merge);
  },

  async find(ex: Executor, requestId: number, offerId: number): Promise<HotelOfferWithRefs | null> {
    const rows = await joined(ex).where(
      and(eq(hotelOffers.id, offerId), eq(hotelOffers.request_id, requestId)),
    );
    return rows[0] ? merge(rows[0]) : null;
  },

  /** These offers of the request, in the order of the request's list. */
  async byIds(ex: Executor, requestId: number, ids: number[]): Promise<HotelOfferWithRefs[]> {
    if (ids.length === 0) return [];
    const rows = await joined(ex)
      .where(and(eq(hotelOffers.request_id, requestId), inArray(hotelOffers.id, ids)))
      .orderBy(asc(hotelOffers.position), asc(hotelOffers.id));
    return rows.map(merge);
  },

  async findForUpdate(ex: Executor, requestId: number, offerId: number): Promise<HotelOfferRow | null> {
    const rows = await ex
      .select()
      .from(hotelOffers)
      .where(and(eq(hotelOffers.id, offerId), eq(hotelOffers.request_id, requestId)))
      .for('update');
    return rows[0] ?? null;
  },

  async countOf(ex: Executor, requestId: number): Promise<number> {
    const rows = await ex
      .select({ n: count() })
      .from(hotelOffers)
      .where(eq(hotelOffers.request_id, requestId));
    return rows[0]?.n ?? 0;
  },

  async nextPosition(ex: Executor, requestId: number): Promise<number> {
    const rows = await ex
      .select({ n: sql<number>`coalesce(max(${hotelOffers.position}), 0)::int + 1` })
      .from(hotelOffers)
      .where(eq(hotelOffers.request_id, requestId));
    return rows[0]?.n ?? 1;
  },

  async insert(ex: Executor, values: HotelOfferInsert): Promise<HotelOfferRow> {
    return (await ex.insert(hotelOffers).values(values).returning())[0]!;
  },

  async insertMany(ex: Executor, values: HotelOfferInsert[]): Promise<HotelOfferRow[]> {
    if (values.length === 0) return [];
    return ex.insert(hotelOffers).values(values).returning();
  },

  /** Applies `values` when the offer is still at `version`; null when it changed meanwhile. */
  async updateVersioned(
    ex: Executor,
    offerId: number,
    version: number,
    values: Partial<HotelOfferInsert>,
  ): Promise<HotelOfferRow | null> {
    const rows = await ex
      .update(hotelOffers)
      .set({ ...values, version: sql`${hotelOffers.version} + 1`, updated_at: new Date() })
      .where(and(eq(hotelOffers.id, offerId), eq(hotelOffers.version, version)))
      .returning();
    return rows[0] ?? null;
  },

  /** The offer became this line: a new version, so an editor holding the old one gets a 409. */
  async setLine(ex: Executor, offerId: number, lineId: number): Promise<void> {
    await ex
      .update(hotelOffers)
      .set({ line_id: lineId, version: sql`${hotelOffers.version} + 1`, updated_at: new Date() })
      .where(eq(hotelOffers.id, offerId));
  },

  async markSent(ex: Executor, ids: number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await ex.update(hotelOffers).set({ sent_at: at }).where(inArray(hotelOffers.id, ids));
  },

  async delete(ex: Executor, offerId: number): Promise<void> {
    await ex.delete(hotelOffers).where(eq(hotelOffers.id, offerId));
  },

  async supplierActive(ex: Executor, id: number): Promise<boolean> {
    const rows = await ex
      .select({ archived_at: suppliers.archived_at })
      .from(suppliers)
      .where(eq(suppliers.id, id));
    return rows.length > 0 && rows[0]!.archived_at === null;
  },

  /** The catalogue's default account type of Hotel, when the catalogue has it. */
  async hotelAccountType(ex: Executor): Promise<string | null> {
    const rows = await ex
      .select({ t: services.default_account_type })
      .from(services)
      .where(and(eq(services.named, 'Hotel'), sql`${services.archived_at} is null`));
    return rows[0]?.t ?? null;
  },
};
