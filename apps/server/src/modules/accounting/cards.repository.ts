import type { CardListQuery } from '@app/shared';
import { and, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../platform/full-text-search.ts';
import { allOf, archivedCondition } from '../../platform/list-query/filtering.ts';
import { orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { versionedRecords } from '../../platform/versioned-records.repository.ts';
import { banks } from '../directory/banks.table.ts';
import { companies } from '../directory/companies.table.ts';
import { bankCards } from './cards.table.ts';

export type CardRow = typeof bankCards.$inferSelect;
export type CardInsert = typeof bankCards.$inferInsert;

/** The bank account a card is on, as the card shows it (its company and currency come from it). */
export interface CardBank {
  id: number;
  bank_name: string;
  account_number: string;
  type: string;
  currency: string;
  archived_at: Date | null;
  company: { id: number; code: string; name: string };
}

export type CardWithBank = CardRow & { bank: CardBank };

const bankSelection = {
  id: banks.id,
  bank_name: banks.bank_name,
  account_number: banks.account_number,
  type: banks.type,
  currency: banks.currency,
  archived_at: banks.archived_at,
  company_id: companies.id,
  company_code: companies.code,
  company_name: companies.name,
};
type BankColumns = Omit<CardBank, 'company'> & {
  company_id: number;
  company_code: string;
  company_name: string;
};

const toBank = ({ company_id, company_code, company_name, ...b }: BankColumns): CardBank => ({
  ...b,
  company: { id: company_id, code: company_code, name: company_name },
});

const ORDER_COLUMNS = {
  holder: { column: bankCards.holder },
  // year and month in one sortable number
  expiry: { column: sql`(${bankCards.expiry_year} * 100 + ${bankCards.expiry_month})` as never },
  bank: { column: banks.bank_name },
};

function conditions(q: Omit<CardListQuery, 'limit' | 'offset'>): SQL | undefined {
  const search = q.search?.trim();
  const pattern = search ? containsPattern(search) : '';
  return allOf([
    archivedCondition(bankCards.archived_at, q.archived),
    search
      ? or(ilike(bankCards.holder, pattern), ilike(banks.bank_name, pattern), eq(bankCards.last_four, search))
      : undefined,
    q.bank ? eq(bankCards.bank_id, q.bank) : undefined,
    q.company ? eq(banks.company_id, q.company) : undefined,
    q.currency ? eq(banks.currency, q.currency) : undefined,
  ]);
}

function withBank(ex: Executor) {
  return ex
    .select({ card: bankCards, bank: bankSelection })
    .from(bankCards)
    .innerJoin(banks, eq(banks.id, bankCards.bank_id))
    .innerJoin(companies, eq(companies.id, banks.company_id));
}

const merge = (r: { card: CardRow; bank: BankColumns }): CardWithBank => ({
  ...r.card,
  bank: toBank(r.bank),
});

/** Company cards: only the last four digits are ever written here. */
export const cardsRepository = {
  ...versionedRecords(bankCards),

  async findById(ex: Executor, id: number): Promise<CardWithBank | null> {
    const rows = await withBank(ex).where(eq(bankCards.id, id));
    return rows[0] ? merge(rows[0]) : null;
  },

  async bank(ex: Executor, id: number): Promise<CardBank | null> {
    const rows = await ex
      .select(bankSelection)
      .from(banks)
      .innerJoin(companies, eq(companies.id, banks.company_id))
      .where(eq(banks.id, id));
    return rows[0] ? toBank(rows[0]) : null;
  },

  /** Whether another card (not `exceptId`) has this bank, last four and expiry. */
  async taken(
    ex: Executor,
    key: { bank_id: number; last_four: string; expiry_year: number; expiry_month: number },
    exceptId?: number,
  ): Promise<boolean> {
    const rows = await ex
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(
        and(
          eq(bankCards.bank_id, key.bank_id),
          eq(bankCards.last_four, key.last_four),
          eq(bankCards.expiry_year, key.expiry_year),
          eq(bankCards.expiry_month, key.expiry_month),
          exceptId ? ne(bankCards.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async list(ex: Executor, q: CardListQuery): Promise<{ rows: CardWithBank[]; total: number }> {
    const where = conditions(q);
    const [rows, totals] = await Promise.all([
      withBank(ex)
        .where(where)
        .orderBy(...orderBy(parseOrdering(q.ordering, ORDER_COLUMNS), bankCards.id))
        .limit(q.limit)
        .offset(q.offset),
      ex
        .select({ n: count() })
        .from(bankCards)
        .innerJoin(banks, eq(banks.id, bankCards.bank_id))
        .where(where),
    ]);
    return { rows: rows.map(merge), total: totals[0]?.n ?? 0 };
  },
};
