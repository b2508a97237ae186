import { z } from 'zod';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { CurrencyCodeSchema } from '../rates/rates.schemas.ts';
import { enumField, optionalString, requiredString } from '../validation/fields.schemas.ts';
import {
  directoryFilterShape,
  exportFormatQuery,
  orderingsOf,
  pickerQueryShape,
  queryList,
  recordMetaShape,
  versionField,
} from './common.schemas.ts';

/** A legal entity of the group (request companies BSLF, TPRO, AIRS). */
export const CompanySchema = z.object({
  id: z.number().int(),
  /** Short code shown on requests and invoice numbers. */
  code: z.string(),
  name: z.string(),
  /** The code: what pickers show. */
  named: z.string(),
  vat_number: z.string().nullable(),
  registration_number: z.string().nullable(),
  address: z.string().nullable(),
  base_currency: CurrencyCodeSchema,
  invoice_prefix: z.string().nullable(),
  ...recordMetaShape,
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyItemSchema = z.object({
  id: z.number().int(),
  named: z.string(),
  name: z.string(),
  base_currency: CurrencyCodeSchema,
});
export type CompanyItem = z.infer<typeof CompanyItemSchema>;

const companyFields = {
  code: requiredString(10, { min: 2, pattern: /^[A-Za-z0-9]+$/ }).transform((v) => v.toUpperCase()),
  name: requiredString(200),
  vat_number: optionalString(40).nullable(),
  registration_number: optionalString(40).nullable(),
  address: optionalString(500, { multiline: true }).nullable(),
  base_currency: enumField(RATE_CURRENCIES),
  invoice_prefix: optionalString(10, { pattern: /^[A-Za-z0-9-]*$/ }).nullable(),
};

export const CreateCompanyBodySchema = z.strictObject(companyFields);
export type CreateCompanyBody = z.infer<typeof CreateCompanyBodySchema>;

export const UpdateCompanyBodySchema = z.strictObject({
  ...companyFields,
  code: companyFields.code.optional(),
  name: companyFields.name.optional(),
  base_currency: companyFields.base_currency.optional(),
  version: versionField(),
});
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBodySchema>;

export const COMPANY_ORDERINGS = orderingsOf(['code', 'name', 'id']);

const companyFilterShape = {
  ...directoryFilterShape(COMPANY_ORDERINGS, 'code'),
  base_currency: queryList(CurrencyCodeSchema).optional(),
};

export const CompanyListQuerySchema = z.object({ ...pickerQueryShape, ...companyFilterShape });
export type CompanyListQuery = z.infer<typeof CompanyListQuerySchema>;
export type CompanyFilter = Omit<CompanyListQuery, 'limit' | 'offset' | 'list' | 'item' | 'exclude'>;

export const CompanyExportQuerySchema = z.object({ ...companyFilterShape, format: exportFormatQuery });
export type CompanyExportQuery = z.infer<typeof CompanyExportQuerySchema>;
