import type { GlobalSearchQuery, GlobalSearchResult } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { toClientItem } from '../directory/clients.mappers.ts';
import { clientsRepository } from '../directory/clients.repository.ts';
import { prefixQuery, searchId } from '../directory/search-vector.utils.ts';
import { toSupplierItem } from '../directory/suppliers.mappers.ts';
import { suppliersRepository } from '../directory/suppliers.repository.ts';

/** The header search: the best matches of each area, by the same word-prefix search as the lists. */
export function createSearchService({ db }: { db: Db }) {
  return {
    async search(query: GlobalSearchQuery): Promise<GlobalSearchResult> {
      const search = query.search.trim();
      if (prefixQuery(search) === null && searchId(search) === null) return { clients: [], suppliers: [] };
      const page = { limit: query.limit, offset: 0 };
      const [clientPage, supplierPage] = await Promise.all([
        clientsRepository.page(db, { filter: { search, archived: 'exclude', ordering: 'name' }, ...page }),
        suppliersRepository.page(db, { filter: { search, archived: 'exclude', ordering: 'name' }, ...page }),
      ]);
      const [clientRows, supplierRows] = await Promise.all([
        clientsRepository.findItemsByIds(db, clientPage.ids),
        suppliersRepository.findItemsByIds(db, supplierPage.ids),
      ]);
      return { clients: clientRows.map(toClientItem), suppliers: supplierRows.map(toSupplierItem) };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
