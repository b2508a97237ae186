import type { GlobalSearchQuery, GlobalSearchResult, RequestSearchItem } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { prefixQuery, searchId } from '../../platform/full-text-search.ts';
import type { ClientsService } from '../directory/clients.service.ts';
import type { SuppliersService } from '../directory/suppliers.service.ts';
import { type RequestHitRow, searchRepository } from './search.repository.ts';

export interface SearchServiceDeps {
  db: Db;
  clients: Pick<ClientsService, 'bestMatches'>;
  suppliers: Pick<SuppliersService, 'bestMatches'>;
}

const toRequestHit = (r: RequestHitRow): RequestSearchItem => ({
  id: r.id,
  number: r.number,
  company: r.company as RequestSearchItem['company'],
  client: { id: r.client_id, name: r.client_name },
  status: r.status as RequestSearchItem['status'],
  date_from: r.date_from,
  date_to: r.date_to,
  supplier_names: r.supplier_names,
  description: r.description,
});

const EMPTY: GlobalSearchResult = { requests: [], clients: [], suppliers: [] };

/** The header search: the best matches of each area, by the same word-prefix search as the lists. */
export function createSearchService({ db, clients, suppliers }: SearchServiceDeps) {
  return {
    async search(query: GlobalSearchQuery): Promise<GlobalSearchResult> {
      const search = query.search.trim();
      if (prefixQuery(search) === null && searchId(search) === null) return EMPTY;
      const wants = (type: GlobalSearchQuery['type']) => query.type === undefined || query.type === type;
      const [requestRows, clientItems, supplierItems] = await Promise.all([
        wants('requests') ? searchRepository.requests(db, search, query.limit) : [],
        wants('clients') ? clients.bestMatches(search, query.limit) : [],
        wants('suppliers') ? suppliers.bestMatches(search, query.limit) : [],
      ]);
      return { requests: requestRows.map(toRequestHit), clients: clientItems, suppliers: supplierItems };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
