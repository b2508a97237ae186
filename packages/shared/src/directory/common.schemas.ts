import { z } from 'zod';
import { ListMetaSchema, ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import {
  dateField,
  enumField,
  idField,
  MAX_INT,
  type NumberFieldOptions,
  numberField,
  queryIdField,
} from '../validation/fields.schemas.ts';
import { MESSAGES, maxValueMessage, minValueMessage } from '../validation/messages.ts';

/**
 * Pieces every directory contract shares: ids, references, the picker query of spec section 7
 * (list, exclude, search, limit, offset, item, archived) and the archive fields of a record.
 */

/** A reference to another record on input: a positive id, or null to clear it. */
export const optionalRefId = () => idField().nullable().optional();
export const requiredRefId = () => idField();

/** A calendar day that may be left empty: '' and null both mean "none". */
export const optionalDate = (options: { min?: string; max?: string } = {}) =>
  z.preprocess((v) => (v === '' ? null : v), dateField(options).nullable()).optional();

/** A number that may be left empty ('' or null). */
export const optionalNumber = (options: NumberFieldOptions = {}) =>
  z.preprocess((v) => (v === '' ? null : v), numberField(options).nullable()).optional();

/** A value of a fixed list that may be left empty ('' or null). */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? null : v), enumField(values).nullable()).optional();

/** Query lists arrive as `a,b,c` or as a repeated parameter; both become an array. */
export const queryList = <T extends z.ZodType>(item: T, max = 100) =>
  z.preprocess((v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
    return parts.map((s) => s.trim()).filter((s) => s.length > 0);
  }, z.array(item).max(max));

export const QueryIdList = queryList(queryIdField(), 500);

/**
 * Archived records are hidden unless asked for: `archived=true` lists them with the others,
 * `archived=only` lists only them.
 */
export const ArchivedQuery = z
  .enum(['false', 'true', 'only', '0', '1'])
  .default('false')
  .transform((v): 'exclude' | 'include' | 'only' =>
    v === 'only' ? 'only' : v === 'true' || v === '1' ? 'include' : 'exclude',
  );
export type ArchivedMode = z.output<typeof ArchivedQuery>;

/** The picker and list parameters every directory list accepts (spec section 7, API.md). */
export const pickerQueryShape = {
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  search: ListQuerySchema.shape.search,
  /** Compact items for pickers. */
  list: QueryBoolean.optional(),
  /** Preload: with `search`, exact matches (id, name, email) come first. */
  item: QueryBoolean.optional(),
  /** Ids (or values) to leave out: the items already selected. */
  exclude: QueryIdList.optional(),
  archived: ArchivedQuery,
};

/** `ordering` values: each key ascending and, with a leading `-`, descending. */
export const orderingsOf = <const K extends readonly [string, ...string[]]>(keys: K) =>
  keys.flatMap((k) => [k, `-${k}`]) as unknown as readonly [
    K[number] | `-${K[number]}`,
    ...Array<K[number] | `-${K[number]}`>,
  ];

/** The `ordering` parameter over these values, with its default. */
export const orderingQuery = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) => z.enum(values, { error: () => MESSAGES.invalidValue }).default(fallback as never);

/** Search, the archive filter and the ordering: how every directory filter starts. */
export const directoryFilterShape = <const T extends readonly [string, ...string[]]>(
  orderings: T,
  fallback: T[number],
) => ({
  search: pickerQueryShape.search,
  archived: pickerQueryShape.archived,
  ordering: orderingQuery(orderings, fallback),
});

/** The version the editor loaded: an update at another version is refused (409). */
export const versionField = () =>
  z
    .number({ error: () => MESSAGES.required })
    .min(1, minValueMessage(1))
    .max(MAX_INT, maxValueMessage(MAX_INT))
    .int(MESSAGES.invalidValue);

export const PHONE_PATTERN = /^\+?[0-9\s().-]{5,40}$/;
export const SWIFT_PATTERN = /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/;

/**
 * `GET` of a list whose picker can show its current value: the picker parameters, the list's
 * filter, and `id`, the record to include even when excluded or archived.
 */
export const currentValueListQuery = <S extends z.ZodRawShape>(filterShape: S) =>
  z.object({ ...pickerQueryShape, ...filterShape, id: queryIdField().optional() });

export const StaffRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type StaffRef = z.infer<typeof StaffRefSchema>;

export const OfficeRefSchema = z.object({ id: z.number().int(), title: z.string(), ccy: z.string() });
export type OfficeRef = z.infer<typeof OfficeRefSchema>;

/** Fields every editable directory record carries. */
export const recordMetaShape = {
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
};

/** Formats the lists can be exported to. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatQuery = z
  .enum(EXPORT_FORMATS, { error: () => MESSAGES.invalidValue })
  .default('csv');

/**
 * Directory lists answer `meta.total` exactly up to 1,000 matches; above that it is the database's
 * estimate and `total_estimated` is true (show "about 48,000"). A page shorter than `limit` is
 * always the last one, and then the total is exact.
 */
export const DirectoryListMetaSchema = ListMetaSchema.extend({ total_estimated: z.boolean() });
export type DirectoryListMeta = z.infer<typeof DirectoryListMetaSchema>;
export const directoryListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: DirectoryListMetaSchema });
export interface DirectoryListResult<T> {
  data: T[];
  meta: DirectoryListMeta;
}
