import type {
  Bank,
  BankItem,
  BankListQuery,
  CreateBankBody,
  DirectoryListResult,
  UpdateBankBody,
} from '@app/shared';
import { MESSAGES } from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Executor } from '../../db/client.ts';
import { recordChange } from '../../platform/audit/audit.service.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { type BankInsert, type BankWithCompany, banksRepository } from './banks.repository.ts';

export const BANK_ENTITY = 'bank';
const ACCOUNT_TAKEN = () => AppError.fields({ account_number: [MESSAGES.unique] });
const blank = <T>(v: T | '' | undefined): T | null | undefined => (v === '' ? null : v);

export const bankName = (row: { bank_name: string; currency: string; account_number: string }) =>
  `${row.bank_name} ${row.currency} (…${row.account_number.slice(-4)})`;

export function toBank(row: BankWithCompany): Bank {
  return {
    id: row.id,
    company: row.company,
    bank_name: row.bank_name,
    account_name: row.account_name,
    account_number: row.account_number,
    swift: row.swift,
    currency: row.currency as Bank['currency'],
    type: row.type as Bank['type'],
    // NUMERIC arrives as a string; fixed to 2 places so "0" reads "0.00".
    opening_balance: new Decimal(row.opening_balance).toFixed(2),
    named: bankName(row),
    notes: row.notes,
    archived: row.archived_at !== null,
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

export function toBankItem(row: BankWithCompany): BankItem {
  return {
    id: row.id,
    named: bankName(row),
    currency: row.currency as BankItem['currency'],
    type: row.type as BankItem['type'],
    company_code: row.company.code,
  };
}

export const bankSnapshot = (b: Bank) => {
  const { named: _n, archived: _a, ...rest } = b;
  return rest;
};

function columns(body: Partial<CreateBankBody>): Partial<BankInsert> {
  const out: Partial<BankInsert> = {};
  const set = <K extends keyof BankInsert>(key: K, value: BankInsert[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('company_id', body.company_id);
  set('bank_name', body.bank_name);
  set('account_name', blank(body.account_name));
  set('account_number', body.account_number);
  set('swift', body.swift ? body.swift.toUpperCase() : blank(body.swift));
  set('currency', body.currency);
  set('type', body.type);
  set('opening_balance', body.opening_balance);
  set('notes', blank(body.notes));
  return out;
}

export function createBanksService({ db }: { db: Db }) {
  async function load(ex: Executor, id: number) {
    const row = await banksRepository.findById(ex, id);
    if (!row) throw AppError.notFound('Bank');
    return row;
  }

  async function checkCompany(ex: Executor, id: number | undefined) {
    if (id !== undefined && !(await banksRepository.companyExists(ex, id)))
      throw AppError.fields({ company_id: [MESSAGES.invalidValue] });
  }

  function dbError(error: unknown): never {
    if (isUniqueViolation(error)) throw ACCOUNT_TAKEN();
    if (isForeignKeyViolation(error)) throw AppError.fields({ company_id: [MESSAGES.invalidValue] });
    throw error;
  }

  return {
    async list(query: BankListQuery): Promise<DirectoryListResult<Bank | BankItem>> {
      const { limit, offset, list, item, exclude, ...filter } = query;
      let result =
        item && query.search?.trim()
          ? await banksRepository.list(db, { filter, limit, offset: 0, exact: query.search.trim() })
          : null;
      if (!result || result.rows.length === 0)
        result = await banksRepository.list(db, { filter, exclude, limit, offset });
      return {
        data: result.rows.map((r) => (list ? toBankItem(r) : toBank(r))),
        meta: { total: result.total, limit, offset, total_estimated: false },
      };
    },

    async get(id: number): Promise<Bank> {
      return toBank(await load(db, id));
    },

    async create(ctx: Ctx, body: CreateBankBody): Promise<Bank> {
      await checkCompany(db, body.company_id);
      if (await banksRepository.accountTaken(db, body.account_number)) throw ACCOUNT_TAKEN();
      try {
        return await db.transaction(async (tx) => {
          const row = await banksRepository.insert(tx, columns(body) as BankInsert);
          const bank = toBank(await load(tx, row.id));
          await recordChange(tx, ctx, BANK_ENTITY, row.id, null, bankSnapshot(bank));
          return bank;
        });
      } catch (error) {
        dbError(error);
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateBankBody): Promise<Bank> {
      const { version, ...fields } = body;
      await checkCompany(db, fields.company_id);
      if (fields.account_number && (await banksRepository.accountTaken(db, fields.account_number, id)))
        throw ACCOUNT_TAKEN();
      try {
        return await db.transaction(async (tx) => {
          const current = await banksRepository.findForUpdate(tx, id);
          if (!current) throw AppError.notFound('Bank');
          if (current.version !== version) throw AppError.stale();
          const before = toBank(await load(tx, id));
          const updated = await banksRepository.updateVersioned(tx, id, version, columns(fields));
          if (!updated) throw AppError.stale();
          const after = toBank(await load(tx, id));
          await recordChange(tx, ctx, BANK_ENTITY, id, bankSnapshot(before), bankSnapshot(after));
          return after;
        });
      } catch (error) {
        dbError(error);
      }
    },

    async setArchived(ctx: Ctx, id: number, archived: boolean): Promise<Bank> {
      return db.transaction(async (tx) => {
        const current = await banksRepository.findForUpdate(tx, id);
        if (!current) throw AppError.notFound('Bank');
        if ((current.archived_at !== null) === archived) return toBank(await load(tx, id));
        const before = toBank(await load(tx, id));
        await banksRepository.setArchived(tx, id, archived ? new Date() : null);
        const after = toBank(await load(tx, id));
        await recordChange(
          tx,
          ctx,
          BANK_ENTITY,
          id,
          bankSnapshot(before),
          bankSnapshot(after),
          archived ? 'archive' : 'unarchive',
        );
        return after;
      });
    },
  };
}

export type BanksService = ReturnType<typeof createBanksService>;
