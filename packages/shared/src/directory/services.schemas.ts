import { z } from 'zod';
import { enumField } from '../validation/fields.schemas.ts';
import { MESSAGES } from '../validation/messages.ts';
import { ACCOUNT_TYPES, ALL_SERVICE_TYPES, SERVICE_SUBTYPES } from '../value-lists.ts';
import {
  directoryFilterShape,
  exportFormatQuery,
  optionalEnum,
  orderingsOf,
  pickerQueryShape,
  queryList,
  recordMetaShape,
  versionField,
} from './common.schemas.ts';

export const ServiceTypeSchema = z.enum(ALL_SERVICE_TYPES);
export const ServiceSubtypeSchema = z.enum(SERVICE_SUBTYPES);
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);

/** Subtypes belong to the Other service type (spec section 3). */
export const SUBTYPE_PARENT = 'Other' as const;

/** One line of the services catalogue: a service type, or Other with a subtype. */
export const DirectoryServiceSchema = z.object({
  id: z.number().int(),
  service_type: ServiceTypeSchema,
  subtype: ServiceSubtypeSchema.nullable(),
  /** The subtype when there is one, else the service type. */
  named: z.string(),
  /** Account type a new service line of this kind gets (the VAT treatment). */
  default_account_type: AccountTypeSchema,
  ...recordMetaShape,
});
export type DirectoryService = z.infer<typeof DirectoryServiceSchema>;

export const DirectoryServiceItemSchema = z.object({
  id: z.number().int(),
  named: z.string(),
  service_type: ServiceTypeSchema,
  subtype: ServiceSubtypeSchema.nullable(),
  default_account_type: AccountTypeSchema,
});
export type DirectoryServiceItem = z.infer<typeof DirectoryServiceItemSchema>;

export const CreateServiceBodySchema = z
  .strictObject({
    service_type: enumField(ALL_SERVICE_TYPES),
    subtype: optionalEnum(SERVICE_SUBTYPES),
    default_account_type: enumField(ACCOUNT_TYPES),
  })
  .superRefine((v, ctx) => {
    if (v.service_type === SUBTYPE_PARENT && !v.subtype) {
      ctx.addIssue({ code: 'custom', path: ['subtype'], message: MESSAGES.required });
    }
    if (v.service_type !== SUBTYPE_PARENT && v.subtype) {
      ctx.addIssue({ code: 'custom', path: ['subtype'], message: MESSAGES.invalidValue });
    }
  });
export type CreateServiceBody = z.infer<typeof CreateServiceBodySchema>;

/** The type and subtype name the line; only its default account type changes. */
export const UpdateServiceBodySchema = z.strictObject({
  default_account_type: enumField(ACCOUNT_TYPES).optional(),
  version: versionField(),
});
export type UpdateServiceBody = z.infer<typeof UpdateServiceBodySchema>;

export const SERVICE_ORDERINGS = orderingsOf(['name', 'service_type', 'default_account_type', 'id']);

const serviceFilterShape = {
  ...directoryFilterShape(SERVICE_ORDERINGS, 'service_type'),
  service_type: queryList(ServiceTypeSchema).optional(),
  default_account_type: queryList(AccountTypeSchema).optional(),
};

export const ServiceListQuerySchema = z.object({ ...pickerQueryShape, ...serviceFilterShape });
export type ServiceListQuery = z.infer<typeof ServiceListQuerySchema>;
export type ServiceFilter = Omit<ServiceListQuery, 'limit' | 'offset' | 'list' | 'item' | 'exclude'>;

export const ServiceExportQuerySchema = z.object({ ...serviceFilterShape, format: exportFormatQuery });
export type ServiceExportQuery = z.infer<typeof ServiceExportQuerySchema>;
