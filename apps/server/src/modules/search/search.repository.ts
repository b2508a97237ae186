import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { searchCondition } from '../../platform/list-query/filtering.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { requests } from '../requests/requests.table.ts';

export interface RequestHitRow {
  id: number;
  number: string;
  company: string;
  client_id: number;
  client_name: string;
  status: string;
  date_from: string | null;
  date_to: string | null;
  supplier_names: string;
  description: string | null;
}

const searchable = { table: requests, id: requests.id, searchVector: requests.search_vector };

export const searchRepository = {
  /**
   * Requests whose words (number, client, suppliers, hotels, routes, descriptions: written with the
   * summary) start with every word searched, or whose id it is; newest first. The GIN index on
   * `search_vector` finds them, the created_at index orders them.
   */
  async requests(ex: Executor, search: string, limit: number): Promise<RequestHitRow[]> {
    const where = searchCondition(searchable, search);
    if (!where) return [];
    return ex
      .select({
        id: requests.id,
        number: requests.number,
        company: companies.code,
        client_id: clients.id,
        client_name: sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`,
        status: requests.status,
        date_from: requests.date_from,
        date_to: requests.date_to,
        supplier_names: requests.supplier_names,
        description: requests.description,
      })
      .from(requests)
      .innerJoin(companies, eq(companies.id, requests.company_id))
      .innerJoin(clients, eq(clients.id, requests.client_id))
      .where(where)
      .orderBy(desc(requests.created_at), desc(requests.id))
      .limit(limit);
  },
};
