import { z } from 'zod';
import { queryIdField, queryIntField, searchField } from '../validation/fields.schemas.ts';
import { MESSAGES, maxLengthMessage } from '../validation/messages.ts';

/** Success answers are `{ data }` (API.md). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const ListMetaSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

/** Paged lists: `{ data: [...], meta: { total, limit, offset } }`. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: ListMetaSchema });

export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}

export const MAX_LIMIT = 500;
export const DEFAULT_LIMIT = 20;

/** limit/offset/ordering/search common to every list (API.md). */
export const ListQuerySchema = z.object({
  limit: queryIntField(1, MAX_LIMIT).default(DEFAULT_LIMIT),
  offset: queryIntField(0, 10_000_000).default(0),
  ordering: z.string().max(64, maxLengthMessage(64)).optional(),
  search: searchField().optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** `{ id }` of a `/things/{id}/` path: a plain 1 to 2147483647, or a 400 on `id` (see queryIntField). */
export const IdParamsSchema = z.object({ id: queryIdField() });

/** Query booleans arrive as strings. */
export const QueryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Decimal strings for money and rates: never a float on the wire. */
export const DecimalString = z.string().regex(/^-?\d{1,12}(\.\d{1,8})?$/, MESSAGES.invalidValue);

/** Error body shapes of API.md / spec section 8. */
export const FieldErrorsSchema = z.record(z.string(), z.union([z.array(z.string()), z.string()]));
export const ErrorBodySchema = z.object({
  errors: z.union([FieldErrorsSchema, z.array(z.object({ code: z.string(), detail: z.string() }))]),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
