import { z } from 'zod';
import { queryIntField, searchField } from '../validation/fields.schemas.ts';
import { ClientItemSchema } from './clients.schemas.ts';
import { SupplierItemSchema } from './suppliers.schemas.ts';

/** `GET /search/?search=text`: the header search page (requests join later). */
export const GlobalSearchQuerySchema = z.object({
  search: searchField().default(''),
  /** Per group. */
  limit: queryIntField(1, 50).default(10),
});
export type GlobalSearchQuery = z.infer<typeof GlobalSearchQuerySchema>;

export const GlobalSearchResultSchema = z.object({
  clients: z.array(ClientItemSchema),
  suppliers: z.array(SupplierItemSchema),
});
export type GlobalSearchResult = z.infer<typeof GlobalSearchResultSchema>;
