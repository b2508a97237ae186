import { z } from 'zod';
import { DecimalString } from '../api/envelope.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { CurrencyCodeSchema } from '../rates/rates.schemas.ts';
import { decimalField, enumField, optionalString, requiredString } from '../validation/fields.schemas.ts';
import { BANK_TYPES } from '../value-lists.ts';
import {
  directoryFilterShape,
  exportFormatQuery,
  orderingsOf,
  pickerQueryShape,
  QueryIdList,
  queryList,
  recordMetaShape,
  requiredRefId,
  SWIFT_PATTERN,
  versionField,
} from './common.schemas.ts';

export const BankTypeSchema = z.enum(BANK_TYPES);

export const CompanyRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type CompanyRef = z.infer<typeof CompanyRefSchema>;

/** One of the company's bank accounts (DOMAIN.md, Banks). */
export const BankSchema = z.object({
  id: z.number().int(),
  company: CompanyRefSchema,
  bank_name: z.string(),
  account_name: z.string().nullable(),
  /** IBAN or account number, upper-case without spaces. */
  account_number: z.string(),
  swift: z.string().nullable(),
  currency: CurrencyCodeSchema,
  type: BankTypeSchema,
  opening_balance: DecimalString,
  /** "Bank CCY (…1234)". */
  named: z.string(),
  notes: z.string().nullable(),
  ...recordMetaShape,
});
export type Bank = z.infer<typeof BankSchema>;

export const BankItemSchema = z.object({
  id: z.number().int(),
  named: z.string(),
  currency: CurrencyCodeSchema,
  type: BankTypeSchema,
  company_code: z.string(),
});
export type BankItem = z.infer<typeof BankItemSchema>;

/** Account numbers are compared without spaces and case, so the same account is never entered twice. */
export const normalizeAccountNumber = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

const bankFields = {
  company_id: requiredRefId(),
  bank_name: requiredString(120),
  account_name: optionalString(120).nullable(),
  account_number: requiredString(40, { pattern: /^[A-Za-z0-9 -]+$/ }).transform(normalizeAccountNumber),
  swift: optionalString(11, { pattern: SWIFT_PATTERN }).nullable(),
  currency: enumField(RATE_CURRENCIES),
  type: enumField(BANK_TYPES),
  opening_balance: decimalField({ scale: 2, min: '-999999999999.99', max: '999999999999.99' }).optional(),
  notes: optionalString(2000, { multiline: true }).nullable(),
};

export const CreateBankBodySchema = z.strictObject(bankFields);
export type CreateBankBody = z.infer<typeof CreateBankBodySchema>;

export const UpdateBankBodySchema = z.strictObject({
  company_id: bankFields.company_id.optional(),
  bank_name: bankFields.bank_name.optional(),
  account_name: bankFields.account_name,
  account_number: bankFields.account_number.optional(),
  swift: bankFields.swift,
  currency: bankFields.currency.optional(),
  type: bankFields.type.optional(),
  opening_balance: bankFields.opening_balance,
  notes: bankFields.notes,
  version: versionField(),
});
export type UpdateBankBody = z.infer<typeof UpdateBankBodySchema>;

export const BANK_ORDERINGS = orderingsOf(['name', 'currency', 'type', 'company', 'id']);

const bankFilterShape = {
  ...directoryFilterShape(BANK_ORDERINGS, 'name'),
  company: QueryIdList.optional(),
  currency: queryList(CurrencyCodeSchema).optional(),
  type: queryList(BankTypeSchema).optional(),
};

export const BankListQuerySchema = z.object({ ...pickerQueryShape, ...bankFilterShape });
export type BankListQuery = z.infer<typeof BankListQuerySchema>;
export type BankFilter = Omit<BankListQuery, 'limit' | 'offset' | 'list' | 'item' | 'exclude'>;

export const BankExportQuerySchema = z.object({ ...bankFilterShape, format: exportFormatQuery });
export type BankExportQuery = z.infer<typeof BankExportQuerySchema>;
