import { z } from 'zod';
import { queryInt } from '../api/envelope.ts';
import { ClientItemSchema } from './clients.schemas.ts';
import { SupplierItemSchema } from './suppliers.schemas.ts';

/** `GET /search/?search=text`: the header search page (requests join later). */
export const GlobalSearchQuerySchema = z.object({
  search: z.string().max(200).default(''),
  /** Per group. */
  limit: queryInt(1, 50).default(10),
});
export type GlobalSearchQuery = z.infer<typeof GlobalSearchQuerySchema>;

export const GlobalSearchResultSchema = z.object({
  clients: z.array(ClientItemSchema),
  suppliers: z.array(SupplierItemSchema),
});
export type GlobalSearchResult = z.infer<typeof GlobalSearchResultSchema>;
