import type { GlobalSearchQuery, GlobalSearchResult } from '@app/shared';
import { prefixQuery, searchId } from '../../platform/full-text-search.ts';
import type { ClientsService } from '../directory/clients.service.ts';
import type { SuppliersService } from '../directory/suppliers.service.ts';

export interface SearchServiceDeps {
  clients: Pick<ClientsService, 'bestMatches'>;
  suppliers: Pick<SuppliersService, 'bestMatches'>;
}

/** The header search: the best matches of each area, by the same word-prefix search as the lists. */
export function createSearchService({ clients, suppliers }: SearchServiceDeps) {
  return {
    async search(query: GlobalSearchQuery): Promise<GlobalSearchResult> {
      const search = query.search.trim();
      if (prefixQuery(search) === null && searchId(search) === null) return { clients: [], suppliers: [] };
      const [clientItems, supplierItems] = await Promise.all([
        clients.bestMatches(search, query.limit),
        suppliers.bestMatches(search, query.limit),
      ]);
      return { clients: clientItems, suppliers: supplierItems };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
