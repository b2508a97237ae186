import { z } from 'zod';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { CurrencyCodeSchema } from '../rates/rates.schemas.ts';
import {
  enumField,
  idField,
  optionalEmailField,
  optionalString,
  requiredString,
  searchField,
} from '../validation/fields.schemas.ts';
import { MESSAGES } from '../validation/messages.ts';
import { RATINGS } from '../value-lists.ts';
import { RatingSchema } from './clients.schemas.ts';
import {
  currentValueListQuery,
  directoryFilterShape,
  exportFormatQuery,
  optionalEnum,
  optionalNumber,
  orderingsOf,
  PHONE_PATTERN,
  pickerQueryShape,
  QueryIdList,
  queryList,
  recordMetaShape,
  SWIFT_PATTERN,
  versionField,
} from './common.schemas.ts';

/**
 * Kinds of supplier (DOMAIN.md: hotels, transfer firms, jet and yacht brokers, airlines, visa
 * agents). The spec names the `supplier_types` picker but not its values; this is the fixed list.
 */
export const SUPPLIER_TYPES = [
  'Hotel',
  'Transfer company',
  'Airline',
  'Private jet broker',
  'Yacht broker',
  'Visa agent',
  'DMC',
  'Other',
] as const;
export type SupplierType = (typeof SUPPLIER_TYPES)[number];
export const SupplierTypeSchema = z.enum(SUPPLIER_TYPES);

/** `GET /supplier_types/` items: select-widget shape (display `named`, value `value`). */
export const SupplierTypeItemSchema = z.object({ value: SupplierTypeSchema, named: z.string() });
export type SupplierTypeItem = z.infer<typeof SupplierTypeItemSchema>;

export const SupplierServiceRefSchema = z.object({ id: z.number().int(), named: z.string() });

export const SupplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  named: z.string(),
  type: SupplierTypeSchema,
  tags: z.array(z.string()),
  services: z.array(SupplierServiceRefSchema),
  country: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** Days the supplier gives us to pay. */
  payment_terms_days: z.number().int().nullable(),
  /** The currency its invoices come in. */
  currency: CurrencyCodeSchema.nullable(),
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  bank_swift: z.string().nullable(),
  rating: RatingSchema.nullable(),
  notes: z.string().nullable(),
  ...recordMetaShape,
});
export type Supplier = z.infer<typeof SupplierSchema>;

export const SupplierItemSchema = z.object({
  id: z.number().int(),
  named: z.string(),
  type: SupplierTypeSchema,
  currency: CurrencyCodeSchema.nullable(),
  payment_terms_days: z.number().int().nullable(),
  archived: z.boolean(),
});
export type SupplierItem = z.infer<typeof SupplierItemSchema>;

export const TAG_MAX_LENGTH = 40;
const WEBSITE = /^(https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;

const tagList = z
  .array(requiredString(TAG_MAX_LENGTH), { error: () => MESSAGES.invalidValue })
  .max(30, 'Maximum 30 tags')
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, MESSAGES.unique);

const supplierFields = {
  name: requiredString(200),
  type: enumField(SUPPLIER_TYPES),
  tags: tagList.optional(),
  /** Ids of the services catalogue (`/services/`). */
  service_ids: z
    .array(idField(), { error: () => MESSAGES.invalidValue })
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, MESSAGES.unique)
    .optional(),
  country: optionalString(100).nullable(),
  city: optionalString(100).nullable(),
  address: optionalString(300, { multiline: true }).nullable(),
  contact_name: optionalString(120).nullable(),
  email: optionalEmailField().nullable(),
  phone: optionalString(40, { pattern: PHONE_PATTERN }).nullable(),
  website: optionalString(200, { pattern: WEBSITE }).nullable(),
  payment_terms_days: optionalNumber({ min: 0, max: 365, int: true }),
  currency: optionalEnum(RATE_CURRENCIES),
  bank_name: optionalString(120).nullable(),
  /** IBAN or local account number. */
  bank_account: optionalString(40, { pattern: /^[A-Za-z0-9 -]*$/ }).nullable(),
  bank_swift: optionalString(11, { pattern: SWIFT_PATTERN }).nullable(),
  rating: optionalEnum(RATINGS),
  notes: optionalString(5000, { multiline: true }).nullable(),
};

export const CreateSupplierBodySchema = z.strictObject(supplierFields);
export type CreateSupplierBody = z.infer<typeof CreateSupplierBodySchema>;

export const UpdateSupplierBodySchema = z.strictObject({
  ...supplierFields,
  name: supplierFields.name.optional(),
  type: supplierFields.type.optional(),
  version: versionField(),
});
export type UpdateSupplierBody = z.infer<typeof UpdateSupplierBodySchema>;

export const SUPPLIER_ORDERINGS = orderingsOf(['name', 'type', 'created_at', 'payment_terms_days', 'id']);

const supplierFilterShape = {
  ...directoryFilterShape(SUPPLIER_ORDERINGS, 'name'),
  type: queryList(SupplierTypeSchema).optional(),
  /** Suppliers carrying any of these tags. */
  tags: queryList(searchField(TAG_MAX_LENGTH), 30).optional(),
  /** Suppliers offering any of these services (ids). */
  service: QueryIdList.optional(),
  currency: queryList(CurrencyCodeSchema).optional(),
  rating: queryList(RatingSchema).optional(),
  country: searchField(100).trim().optional(),
};

export const SupplierListQuerySchema = currentValueListQuery(supplierFilterShape);
export type SupplierListQuery = z.infer<typeof SupplierListQuerySchema>;
export type SupplierFilter = Omit<SupplierListQuery, 'limit' | 'offset' | 'list' | 'item' | 'exclude' | 'id'>;

export const SupplierExportQuerySchema = z.object({ ...supplierFilterShape, format: exportFormatQuery });
export type SupplierExportQuery = z.infer<typeof SupplierExportQuerySchema>;

/** `GET /supplier_types/`: the fixed list, filtered by `search` and `exclude` (values). */
export const SupplierTypesQuerySchema = z.object({
  search: searchField().optional(),
  exclude: queryList(searchField(60)).optional(),
  list: pickerQueryShape.list,
});
