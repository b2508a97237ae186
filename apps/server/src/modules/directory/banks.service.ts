import type {
  Bank,
  BankItem,
  BankListQuery,
  CreateBankBody,
  DirectoryListResult,
  UpdateBankBody,
} from '@app/shared';
import { MESSAGES, TRANSACTION_MESSAGES } from '@app/shared';
import { Decimal } from 'decimal.js';
import { count, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { blank, presentOnly } from '../../platform/column-values.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { exactFirst, exactMeta, filterOf } from '../../platform/list-query/picker.ts';
import { auditedRecords } from '../audit/audited-records.utils.ts';
import { bankTransactions } from '../banking/transactions.table.ts';
import { type BankInsert, type BankRow, type BankWithCompany, banksRepository } from './banks.repository.ts';
import { companiesRepository } from './companies.repository.ts';

export const BANK_ENTITY = 'bank';
const ACCOUNT_TAKEN = () => AppError.fields({ account_number: [MESSAGES.unique] });
const HAS_TRANSACTIONS = (n: number) =>
  new AppError('IN_USE', TRANSACTION_MESSAGES.bankHasTransactions(n), { rule: true });
const MOVED_WITH_TRANSACTIONS = (n: number) =>
  new AppError('IN_USE', TRANSACTION_MESSAGES.bankCompanyHasTransactions(n), { rule: true });

/** Bank lines on an account: their (bank, currency) key holds the account's currency (decision 0011). */
async function transactionCount(ex: Executor, bankId: number): Promise<number> {
  const rows = await ex
    .select({ n: count() })
    .from(bankTransactions)
    .where(eq(bankTransactions.bank_id, bankId));
  return rows[0]?.n ?? 0;
}

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
  return presentOnly({
    company_id: body.company_id,
    bank_name: body.bank_name,
    account_name: blank(body.account_name),
    account_number: body.account_number,
    swift: body.swift ? body.swift.toUpperCase() : blank(body.swift),
    currency: body.currency,
    type: body.type,
    opening_balance: body.opening_balance,
    notes: blank(body.notes),
  });
}

export function createBanksService({ db }: { db: Db }) {
  async function load(ex: Executor, id: number) {
    const row = await banksRepository.findById(ex, id);
    if (!row) throw AppError.notFound('Bank');
    return row;
  }

  /**
   * A newly set company must exist and not be archived; an update that keeps the company the
   * account already has (`current`) passes, archived or not.
   */
  async function checkCompany(ex: Executor, id: number | undefined, current?: number) {
    if (id === undefined || id === current) return;
    if (!(await companiesRepository.isActive(ex, id)))
      throw AppError.fields({ company_id: [MESSAGES.invalidValue] });
  }

  function dbError(error: unknown): never {
    if (isUniqueViolation(error)) throw ACCOUNT_TAKEN();
    if (isForeignKeyViolation(error)) throw AppError.fields({ company_id: [MESSAGES.invalidValue] });
    throw error;
  }

  const records = auditedRecords<BankRow, Bank>(db, {
    entity: BANK_ENTITY,
    label: 'Bank',
    repository: banksRepository,
    view: async (ex, row) => toBank(await load(ex, row.id)),
    snapshot: bankSnapshot,
  });

  return {
    async list(query: BankListQuery): Promise<DirectoryListResult<Bank | BankItem>> {
      const filter = filterOf(query);
      const result = await exactFirst(query, (q) => banksRepository.list(db, { filter, ...q }));
      return {
        data: result.rows.map((r) => (query.list ? toBankItem(r) : toBank(r))),
        meta: exactMeta(query, result.total),
      };
    },

    async get(id: number): Promise<Bank> {
      return toBank(await load(db, id));
    },

    async create(ctx: Ctx, body: CreateBankBody): Promise<Bank> {
      await checkCompany(db, body.company_id);
      if (await banksRepository.accountTaken(db, body.account_number)) throw ACCOUNT_TAKEN();
      try {
        return await records.create(ctx, (tx) => banksRepository.insert(tx, columns(body) as BankInsert));
      } catch (error) {
        dbError(error);
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateBankBody): Promise<Bank> {
      const { version, ...fields } = body;
      if (fields.account_number && (await banksRepository.accountTaken(db, fields.account_number, id)))
        throw ACCOUNT_TAKEN();
      try {
        return await records.update(ctx, id, version, async (tx, current) => {
          await checkCompany(tx, fields.company_id, current.company_id);
          if (fields.currency && fields.currency !== current.currency) {
            const n = await transactionCount(tx, id);
            if (n > 0) throw HAS_TRANSACTIONS(n);
          }
          // its lines' company is the account's: moving it would move them out of closed months
          if (fields.company_id && fields.company_id !== current.company_id) {
            const n = await transactionCount(tx, id);
            if (n > 0) throw MOVED_WITH_TRANSACTIONS(n);
          }
          return banksRepository.updateVersioned(tx, id, version, columns(fields));
        });
      } catch (error) {
        // a line entered meanwhile: its key refused the change
        if (isForeignKeyViolation(error) && fields.currency)
          throw HAS_TRANSACTIONS(await transactionCount(db, id));
        dbError(error);
      }
    },

    setArchived: records.setArchived,
  };
}

export type BanksService = ReturnType<typeof createBanksService>;
