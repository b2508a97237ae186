import type { TransactionListQuery } from '@app/shared';
import { Decimal } from 'decimal.js';
import { and, eq, gte, inArray, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prefixQuery, searchId } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { type PageResult, pageIds } from '../../platform/list-query/paging.ts';
import { parseOrdering } from '../../platform/list-query/sorting.ts';
import { bankTransactions } from './transactions.table.ts';

const t = bankTransactions;

const ORDER_COLUMNS = {
  date: { column: t.date },
  amount: { column: t.amount },
  id: { column: t.id },
};

/** `1200.50`, `1,200.5`: an amount as typed (a plain `1200` is a word prefix and an id already). */
const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;
/** Letters and digits joined by `-`, `/`, `.` or `_`: a document number or a bank's own token. */
const NUMBER_LIKE = /^[\p{L}\p{N}]+(?:[-/._][\p{L}\p{N}]+)+$/u;

/**
 * The tsquery of a search (null when there is nothing to look for), each part a GIN lookup on
 * `search_vector` (`transaction-search.ts` writes the lexemes): an amount is its whole `1200.00`
 * lexeme; a number (`BSLF-INV-2026-0007`) the prefix of its whole word when some line has it —
 * its parts alone (`bslf`, `2026`) are in most lines; anything else word prefixes.
 */
async function searchQuery(ex: Executor, search: string | undefined): Promise<string | null> {
  const s = search?.trim() ?? '';
  if (!s) return null;
  if (AMOUNT.test(s) && (s.includes('.') || s.includes(',')))
    return `'${new Decimal(s.replace(/,/g, '')).toFixed(2)}'`;
  if (s.length <= 60 && NUMBER_LIKE.test(s) && /\d/.test(s)) {
    // only letters, digits and `-/._` (NUMBER_LIKE): nothing to escape in the quotes
    const whole = `'${s.toLowerCase()}':*`;
    const hit = await ex
      .select({ id: t.id })
      .from(t)
      .where(sql`${t.search_vector} @@ ${whole}::tsquery`)
      .limit(1);
    if (hit.length) return whole;
  }
  return prefixQuery(s);
}

const CREDIT = or(
  inArray(t.type, ['RECEIVE-OVERPAYMENT', 'RECEIVE-PREPAYMENT']),
  and(eq(t.type, 'RECEIVE'), eq(t.way, 'top_up')),
)!;

/**
 * Every filter is a condition an index answers (decision 0011): the company and the currency
 * become the accounts that have them (`bank_idx`); an import is `import_idx` (partial: imported
 * lines only). The orderings are `date, id` and `amount, id` in one direction (`date_idx`,
 * `amount_idx`, read backwards for a descending sort).
 */
function conditions(f: TransactionListQuery, text: string | null): SQL | undefined {
  const id = searchId(f.search);
  const matches = text ? sql`${t.search_vector} @@ ${text}::tsquery` : undefined;
  const search = id !== null ? (matches ? or(matches, eq(t.id, id)) : eq(t.id, id)) : matches;
  return allOf([
    search,
    f.bank ? eq(t.bank_id, f.bank) : undefined,
    f.company ? sql`${t.bank_id} in (select id from banks where company_id = ${f.company})` : undefined,
    f.currency ? sql`${t.bank_id} in (select id from banks where currency = ${f.currency})` : undefined,
    f.type ? eq(t.type, f.type) : undefined,
    f.way ? eq(t.way, f.way) : undefined,
    f.match_status ? eq(t.match_status, f.match_status) : undefined,
    f.counterparty_kind ? eq(t.counterparty_kind, f.counterparty_kind) : undefined,
    f.counterparty
      ? and(
          f.counterparty_kind ? undefined : inArray(t.counterparty_kind, ['client', 'supplier']),
          eq(t.counterparty_id, f.counterparty),
        )
      : undefined,
    f.credit === true ? CREDIT : f.credit === false ? not(CREDIT) : undefined,
    f.import ? eq(t.import_id, f.import) : undefined,
    f.date_from ? gte(t.date, f.date_from) : undefined,
    f.date_to ? lte(t.date, f.date_to) : undefined,
  ]);
}

/** `GET transactions/`: reads only. */
export const transactionsListRepository = {
  /** One page of ids in list order and the total (exact up to 1,000 matches, estimated above). */
  async page(ex: Executor, q: TransactionListQuery): Promise<PageResult> {
    const text = await searchQuery(ex, q.search);
    return pageIds(ex, t, t.id, {
      where: conditions(q, text),
      order: parseOrdering(q.ordering, ORDER_COLUMNS),
      limit: q.limit,
      offset: q.offset,
      // A search's matches are spread over every ordering: collect them through the GIN index first.
      collectFirst: text !== null,
    });
  },
};
