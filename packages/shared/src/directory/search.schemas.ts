import { z } from 'zod';
import { REQUEST_STATUSES } from '../requests/requests.status.ts';
import { enumField, queryIntField, searchField } from '../validation/fields.schemas.ts';
import { REQUEST_COMPANIES } from '../value-lists.ts';
import { ClientItemSchema } from './clients.schemas.ts';
import { SupplierItemSchema } from './suppliers.schemas.ts';

/**
 * The groups of the header search (API.md "Search"). Invoices and transactions are accepted and
 * answer nothing until those areas exist.
 */
export const GLOBAL_SEARCH_TYPES = ['requests', 'clients', 'suppliers', 'invoices', 'transactions'] as const;
export type GlobalSearchType = (typeof GLOBAL_SEARCH_TYPES)[number];

/** `GET /search/?search=text&type=requests`: the header search page; without `type`, every group. */
export const GlobalSearchQuerySchema = z.object({
  search: searchField().default(''),
  /** Only this group (the others answer empty). */
  type: enumField(GLOBAL_SEARCH_TYPES).optional(),
  /** Per group. */
  limit: queryIntField(1, 50).default(10),
});
export type GlobalSearchQuery = z.infer<typeof GlobalSearchQuerySchema>;

/** A request found by its number, client, supplier, hotel or description; newest first. */
export const RequestSearchItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  company: z.enum(REQUEST_COMPANIES),
  client: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(REQUEST_STATUSES),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  /** The lines' suppliers, for context in the hit. */
  supplier_names: z.string(),
  description: z.string().nullable(),
});
export type RequestSearchItem = z.infer<typeof RequestSearchItemSchema>;

export const GlobalSearchResultSchema = z.object({
  requests: z.array(RequestSearchItemSchema),
  clients: z.array(ClientItemSchema),
  suppliers: z.array(SupplierItemSchema),
});
export type GlobalSearchResult = z.infer<typeof GlobalSearchResultSchema>;
