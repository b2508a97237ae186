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
import { recordChange } from '../../platform/audit/audit.service.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { type CompanyInsert, type CompanyRow, companiesRepository } from './companies.repository.ts';

export const COMPANY_ENTITY = 'company';
const CODE_TAKEN = () => AppError.fields({ code: [MESSAGES.unique] });
const blank = <T>(v: T | '' | undefined): T | null | undefined => (v === '' ? null : v);

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
  const out: Partial<CompanyInsert> = {};
  const set = <K extends keyof CompanyInsert>(key: K, value: CompanyInsert[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('code', body.code);
  set('name', body.name);
  set('vat_number', blank(body.vat_number));
  set('registration_number', blank(body.registration_number));
  set('address', blank(body.address));
  set('base_currency', body.base_currency);
  set('invoice_prefix', blank(body.invoice_prefix));
  return out;
}

export function createCompaniesService({ db }: { db: Db }) {
  return {
    async list(query: CompanyListQuery): Promise<DirectoryListResult<Company | CompanyItem>> {
      const { limit, offset, list, item, exclude, ...filter } = query;
      let result =
        item && query.search?.trim()
          ? await companiesRepository.list(db, { filter, limit, offset: 0, exact: query.search.trim() })
          : null;
      if (!result || result.rows.length === 0)
        result = await companiesRepository.list(db, { filter, exclude, limit, offset });
      return {
        data: result.rows.map((r) => (list ? toCompanyItem(r) : toCompany(r))),
        meta: { total: result.total, limit, offset, total_estimated: false },
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
        return await db.transaction(async (tx) => {
          const row = await companiesRepository.insert(tx, columns(body) as CompanyInsert);
          const company = toCompany(row);
          await recordChange(tx, ctx, COMPANY_ENTITY, row.id, null, snapshot(company));
          return company;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw CODE_TAKEN();
        throw error;
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateCompanyBody): Promise<Company> {
      const { version, ...fields } = body;
      if (fields.code && (await companiesRepository.codeTaken(db, fields.code, id))) throw CODE_TAKEN();
      try {
        return await db.transaction(async (tx) => {
          const current = await companiesRepository.findForUpdate(tx, id);
          if (!current) throw AppError.notFound('Company');
          if (current.version !== version) throw AppError.stale();
          const updated = await companiesRepository.updateVersioned(tx, id, version, columns(fields));
          if (!updated) throw AppError.stale();
          await recordChange(
            tx,
            ctx,
            COMPANY_ENTITY,
            id,
            snapshot(toCompany(current)),
            snapshot(toCompany(updated)),
          );
          return toCompany(updated);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw CODE_TAKEN();
        throw error;
      }
    },

    async setArchived(ctx: Ctx, id: number, archived: boolean): Promise<Company> {
      return db.transaction(async (tx) => {
        const current = await companiesRepository.findForUpdate(tx, id);
        if (!current) throw AppError.notFound('Company');
        if ((current.archived_at !== null) === archived) return toCompany(current);
        const updated = (await companiesRepository.setArchived(tx, id, archived ? new Date() : null))!;
        await recordChange(
          tx,
          ctx,
          COMPANY_ENTITY,
          id,
          snapshot(toCompany(current)),
          snapshot(toCompany(updated)),
          archived ? 'archive' : 'unarchive',
        );
        return toCompany(updated);
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
