import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser, Ctx } from '../../platform/auth-user.ts';
import { searchVector } from '../../platform/full-text-search.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { requestLines, requests } from './requests.table.ts';

/**
 * Test data for the offers and LOG tests, written straight to the tables so they do not depend on
 * how requests are created: a client, a supplier, a request of BSLF with lines in given statuses.
 */

let counter = 0;

export async function ctxFor(db: Db, email: string): Promise<Ctx> {
  const [u] = await db.select().from(users).where(eq(users.email, email));
  const user: AuthUser = {
    id: u!.id,
    name: u!.name,
    email: u!.email,
    role: u!.role as AuthUser['role'],
    type: u!.type as AuthUser['type'],
    permissions: u!.permissions,
    region_id: u!.region_id,
    temporary_password: false,
  };
  return { user };
}

export async function makeSupplier(db: Db, name: string): Promise<number> {
  const [row] = await db
    .insert(suppliers)
    .values({ name, name_key: name.toLowerCase(), type: 'Hotel', search_vector: searchVector([name]) })
    .returning({ id: suppliers.id });
  return row!.id;
}

export async function makeClient(db: Db, first: string, last: string): Promise<number> {
  const [row] = await db
    .insert(clients)
    .values({
      first_name: first,
      last_name: last,
      sort_name: `${last} ${first}`.toLowerCase(),
      search_vector: searchVector([first, last]),
    })
    .returning({ id: clients.id });
  return row!.id;
}

export interface FixtureLine {
  status?: 'Confirmed' | 'Invoiced' | 'Accounted' | 'Canceled' | null;
  supplier_id: number;
  hotel_name?: string;
}

/** A BSLF request for the client, with these lines; answers its id and number. */
export async function makeRequest(
  db: Db,
  clientId: number,
  lines: FixtureLine[] = [],
  opts: { canceled?: boolean; description?: string; accounting?: boolean } = {},
): Promise<{ id: number; number: string }> {
  counter += 1;
  const [company] = await db.select().from(companies).where(eq(companies.code, 'BSLF'));
  const [office] = await db.select().from(regions).limit(1);
  const [fo] = await db.select().from(users).where(eq(users.email, 'fo@example.com'));
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  const seq = 90000 + counter;
  const number = `BSLF-2026-${String(seq).padStart(5, '0')}`;
  const [row] = await db
    .insert(requests)
    .values({
      number,
      kind: opts.accounting ? 'accounting' : 'service',
      company_id: company!.id,
      year: 2026,
      seq,
      client_id: clientId,
      fo_manager_id: fo!.id,
      region_id: office!.id,
      base_currency: company!.base_currency,
      description: opts.description ?? null,
      canceled_at: opts.canceled ? new Date() : null,
      search_vector: searchVector([
        number,
        `${client!.first_name} ${client!.last_name}`,
        ...lines.map((l) => l.hotel_name),
        opts.description,
      ]),
    })
    .returning({ id: requests.id });
  if (lines.length) {
    await db.insert(requestLines).values(
      lines.map((l, i) => ({
        request_id: row!.id,
        position: i + 1,
        service_type: 'Hotel',
        supplier_id: l.supplier_id,
        account_type: 'Toms EU',
        cost: '1000.00',
        cost_currency: 'GBP',
        sell: '1200.00',
        sell_currency: 'GBP',
        payment_method: 'Wire',
        status: l.status ?? null,
        hotel_name: l.hotel_name ?? null,
      })),
    );
  }
  return { id: row!.id, number };
}

export async function lineStatuses(db: Db, requestId: number): Promise<Array<string | null>> {
  const rows = await db
    .select({ status: requestLines.status })
    .from(requestLines)
    .where(eq(requestLines.request_id, requestId))
    .orderBy(requestLines.position);
  return rows.map((r) => r.status);
}

export async function requestRow(db: Db, requestId: number) {
  return (await db.select().from(requests).where(eq(requests.id, requestId)))[0]!;
}
