import type {
  Company,
  CompanyItem,
  CompanyListQuery,
  CreateCompanyBody,
  DirectoryListResult,
  UpdateCompanyBody,
} from '@app/shared';
import { MESSAGES } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { blank, presentOnly } from '../../platform/column-values.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { exactFirst, exactMeta, filterOf } from '../../platform/list-query/picker.ts';
import { auditedRecords } from '../audit/audited-records.utils.ts';
import { type CompanyInsert, type CompanyRow, companiesRepository } from './companies.repository.ts';

export const COMPANY_ENTITY = 'company';
const CODE_TAKEN = () => AppError.fields({ code: [MESSAGES.unique] });

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    named: row.code,
    vat_number: row.vat_number,
    registration_number: row.registration_number,
    address: row.address,
    base_currency: row.base_currency as Company['base_currency'],
    invoice_prefix: row.invoice_prefix,
    archived: row.archived_at !== null,
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

export function toCompanyItem(row: CompanyRow): CompanyItem {
  return {
    id: row.id,
    named: row.code,
    name: row.name,
    base_currency: row.base_currency as CompanyItem['base_currency'],
  };
}

const snapshot = (c: Company) => {
  const { named: _n, archived: _a, ...rest } = c;
  return rest;
};

function columns(body: Partial<CreateCompanyBody>): Partial<CompanyInsert> {
  return presentOnly({
    code: body.code,
    name: body.name,
    vat_number: blank(body.vat_number),
    registration_number: blank(body.registration_number),
    address: blank(body.address),
    base_currency: body.base_currency,
    invoice_prefix: blank(body.invoice_prefix),
  });
}

export function createCompaniesService({ db }: { db: Db }) {
  const records = auditedRecords<CompanyRow, Company>(db, {
    entity: COMPANY_ENTITY,
    label: 'Company',
    repository: companiesRepository,
    view: async (_ex, row) => toCompany(row),
    snapshot,
  });

  function dbError(error: unknown): never {
    if (isUniqueViolation(error)) throw CODE_TAKEN();
    throw error;
  }

  return {
    async list(query: CompanyListQuery): Promise<DirectoryListResult<Company | CompanyItem>> {
      const filter = filterOf(query);
      const result = await exactFirst(query, (q) => companiesRepository.list(db, { filter, ...q }));
      return {
        data: result.rows.map((r) => (query.list ? toCompanyItem(r) : toCompany(r))),
        meta: exactMeta(query, result.total),
      };
    },

    async get(id: number): Promise<Company> {
      const row = await companiesRepository.findById(db, id);
      if (!row) throw AppError.notFound('Company');
      return toCompany(row);
    },

    async create(ctx: Ctx, body: CreateCompanyBody): Promise<Company> {
      if (await companiesRepository.codeTaken(db, body.code)) throw CODE_TAKEN();
      try {
        return await records.create(ctx, (tx) =>
          companiesRepository.insert(tx, columns(body) as CompanyInsert),
        );
      } catch (error) {
        dbError(error);
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateCompanyBody): Promise<Company> {
      const { version, ...fields } = body;
      if (fields.code && (await companiesRepository.codeTaken(db, fields.code, id))) throw CODE_TAKEN();
      try {
        return await records.update(ctx, id, version, (tx) =>
          companiesRepository.updateVersioned(tx, id, version, columns(fields)),
        );
      } catch (error) {
        dbError(error);
      }
    },

    setArchived: records.setArchived,
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
