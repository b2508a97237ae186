import type { ClientPaymentStatus, DocumentKind } from '@app/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prefixQuery } from '../../platform/full-text-search.ts';
import { allOf, type SearchableTable } from '../../platform/list-query/filtering.ts';
import { inOrder, orderedIds, type PageResult, pageIds } from '../../platform/list-query/paging.ts';
import { type OrderSpec, orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { companies } from '../directory/companies.table.ts';
import { documentRegister } from './register.table.ts';

export type RegisterTableRow = typeof documentRegister.$inferSelect;

export interface RegisterRowWithCompany {
  id: number;
  row: RegisterTableRow;
  company_code: string;
  company_name: string;
}

/** What the register can be narrowed by; the lists of one kind pass `kinds` and `extra`. */
export interface RegisterFilter {
  search?: string | undefined;
  kind?: DocumentKind | undefined;
  /** The per-kind lists: client invoices are `['invoice', 'credit_note']`. */
  kinds?: readonly DocumentKind[] | undefined;
  status?: ClientPaymentStatus | undefined;
  company?: number | undefined;
  client?: number | undefined;
  supplier?: number | undefined;
  currency?: string | undefined;
  /** Inclusive bounds. */
  issue_date_after?: string | undefined;
  issue_date_before?: string | undefined;
  due_before?: string | undefined;
  overdue?: boolean | undefined;
  /**
   * Set when `search` is a document or request number found as one word (`wholeWordOf`): it is
   * then matched by that word's prefix alone.
   */
  wholeWord?: string | undefined;
  /** A condition of the caller's on `document_register` (e.g. the documents of one request). */
  extra?: SQL | undefined;
  /** UTC date, `YYYY-MM-DD`: what overdue is measured against. */
  today: string;
}

const r = documentRegister;

const ORDER_COLUMNS = {
  issue_date: { column: r.issue_date },
  due_date: { column: r.due_date },
  number: { column: r.number },
  counterparty: { column: r.counterparty_sort },
  total: { column: r.total },
};

/** Letters and digits joined by `-`, `/`, `.` or `_`, with a digit: what a document number looks like. */
const NUMBER_LIKE = /^[\p{L}\p{N}]+(?:[-/._][\p{L}\p{N}]+)+$/u;

/**
 * A typed number (`BSLF-INV-2026-0412`, `RITZ/2026/118`, a request's) as the whole word the writer
 * stores, or null. Its parts (`bslf`, `inv`, `2026`) are each in a third of the register, and a
 * prefix of `bslf` also spans every `bslf-…` number: intersecting them reads most of the index
 * (95 ms on 600,000 rows), where the whole word's prefix reads a handful of entries.
 */
export function wholeWordOf(search: string | undefined): string | null {
  const s = search?.trim() ?? '';
  return s.length <= 60 && NUMBER_LIKE.test(s) && /\d/.test(s) ? s.toLowerCase() : null;
}

const searchable: SearchableTable = { table: r, id: r.id, searchVector: r.search_vector };

function statusCondition(status: ClientPaymentStatus): SQL {
  switch (status) {
    // Sending applies to invoices and credit notes only: a bill's `sent` is null and never matches.
    case 'Sent':
      return eq(r.sent, true);
    case 'Not sent':
      return eq(r.sent, false);
    case 'Unpaid':
    case 'Partial':
    case 'Paid':
      return eq(r.payment_status, status);
  }
}

/**
 * Every filter is a condition on an indexed column of the register itself. Two conditions are
 * implied rather than new (a document is due on or after its issue date, overdue means due before
 * today): they bound the issue-date index, which the default ordering walks, so a due-date filter
 * starts near its matches instead of skipping every newer document first.
 */
export function registerConditions(f: RegisterFilter): SQL | undefined {
  // a whole word holds only letters, digits and `-/._` (NUMBER_LIKE): nothing to escape in the quotes
  const query = f.wholeWord ? `'${f.wholeWord}':*` : prefixQuery(f.search);
  const overdue = sql`(${r.payment_status} <> 'Paid' and ${r.due_date} < ${f.today})`;
  return allOf([
    query ? sql`${r.search_vector} @@ ${query}::tsquery` : undefined,
    f.kind ? eq(r.doc_kind, f.kind) : undefined,
    f.kinds?.length ? inArray(r.doc_kind, [...f.kinds]) : undefined,
    f.status ? statusCondition(f.status) : undefined,
    f.company ? eq(r.company_id, f.company) : undefined,
    f.client ? sql`(${r.counterparty_kind} = 'client' and ${r.counterparty_id} = ${f.client})` : undefined,
    f.supplier
      ? sql`(${r.counterparty_kind} = 'supplier' and ${r.counterparty_id} = ${f.supplier})`
      : undefined,
    f.currency ? eq(r.currency, f.currency) : undefined,
    f.issue_date_after ? sql`${r.issue_date} >= ${f.issue_date_after}` : undefined,
    f.issue_date_before ? sql`${r.issue_date} <= ${f.issue_date_before}` : undefined,
    f.due_before ? sql`(${r.due_date} <= ${f.due_before} and ${r.issue_date} <= ${f.due_before})` : undefined,
    f.overdue === true ? sql`(${overdue} and ${r.issue_date} < ${f.today})` : undefined,
    f.overdue === false ? sql`not ${overdue}` : undefined,
    f.extra,
  ]);
}

const withCompany = {
  id: r.id,
  row: r,
  company_code: companies.code,
  company_name: companies.name,
};

/** Invoices & Bills: SQL of reads only over `document_register` (decision 0010). */
export const registerListRepository = {
  /**
   * One page of register ids in list order and the total: `exact` when the caller has it (from the
   * sums), else counted here (exact up to 1,000, estimated above).
   */
  async page(
    ex: Executor,
    f: RegisterFilter,
    ordering: string,
    limit: number,
    offset: number,
    exact: number | null = null,
  ): Promise<PageResult> {
    const where = registerConditions(f);
    const order = parseOrdering(ordering, ORDER_COLUMNS);
    if (exact !== null) {
      const rows = await ex
        .select({ id: r.id })
        .from(r)
        .where(where)
        .orderBy(...orderBy(order, r.id))
        .limit(limit)
        .offset(offset);
      return { ids: rows.map((x) => Number(x.id)), total: exact, estimated: false };
    }
    // A search's matches are spread over every ordering: collect them through the GIN index first.
    return pageIds(ex, r, r.id, {
      where,
      order,
      limit,
      offset,
      collectFirst: prefixQuery(f.search) !== null,
    });
  },

  /** Whether any register row has this whole word (by prefix). */
  async hasWholeWord(ex: Executor, word: string): Promise<boolean> {
    const rows = await ex
      .select({ id: r.id })
      .from(r)
      .where(sql`${r.search_vector} @@ ${`'${word}':*`}::tsquery`)
      .limit(1);
    return rows.length > 0;
  },

  /** The ids of every match in list order, at most `max` (exports). */
  allIds(ex: Executor, f: RegisterFilter, ordering: string, max: number): Promise<number[]> {
    const order: OrderSpec = parseOrdering(ordering, ORDER_COLUMNS);
    return orderedIds(ex, searchable, registerConditions(f), order, max);
  },

  async byIds(ex: Executor, ids: number[]): Promise<RegisterRowWithCompany[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select(withCompany)
      .from(r)
      .innerJoin(companies, eq(companies.id, r.company_id))
      .where(inArray(r.id, ids));
    return inOrder(
      ids,
      rows.map((x) => ({ ...x, id: Number(x.id) })),
    );
  },
};
