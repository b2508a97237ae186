import type { BillableLinesQuery, BillListQuery } from '@app/shared';
import { and, asc, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prefixQuery } from '../../platform/full-text-search.ts';
import { allOf, searchCondition } from '../../platform/list-query/filtering.ts';
import { inOrder, type PageResult, pageIds } from '../../platform/list-query/paging.ts';
import { parseOrdering } from '../../platform/list-query/sorting.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { requestLines, requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { supplierInvoiceLines, supplierInvoices } from './bills.table.ts';
import { documentRegister } from './register.table.ts';

export type BillRow = typeof supplierInvoices.$inferSelect;
export type BillInsert = typeof supplierInvoices.$inferInsert;
export type BillLineInsert = typeof supplierInvoiceLines.$inferInsert;

/** What a request line tells a bill: its cost side and where it belongs. */
const lineColumns = {
  id: requestLines.id,
  request_id: requestLines.request_id,
  request_number: requests.number,
  position: requestLines.position,
  status: requestLines.status,
  supplier_id: requestLines.supplier_id,
  supplier_name: suppliers.name,
  company_id: requests.company_id,
  company_code: companies.code,
  company_name: companies.name,
  cost: requestLines.cost,
  cost_currency: requestLines.cost_currency,
  service_type: requestLines.service_type,
  service_subtype: requestLines.service_subtype,
  hotel_name: requestLines.hotel_name,
  room_type: requestLines.room_type,
  route: requestLines.route,
  date_from: requestLines.date_from,
  date_to: requestLines.date_to,
  pax: requestLines.pax,
  description: requestLines.description,
};
export interface BillingLine {
  id: number;
  request_id: number;
  request_number: string;
  position: number;
  status: string | null;
  supplier_id: number | null;
  supplier_name: string | null;
  company_id: number;
  company_code: string;
  company_name: string;
  cost: string;
  cost_currency: string;
  service_type: string;
  service_subtype: string | null;
  hotel_name: string | null;
  room_type: string | null;
  route: string | null;
  date_from: string | null;
  date_to: string | null;
  pax: number | null;
  description: string | null;
}

const billingLines = (ex: Executor) =>
  ex
    .select(lineColumns)
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.request_id))
    .innerJoin(companies, eq(companies.id, requests.company_id))
    .leftJoin(suppliers, eq(suppliers.id, requestLines.supplier_id));

/** The header of a bill with the names it shows. */
const recordColumns = {
  bill: supplierInvoices,
  supplier_name: suppliers.name,
  company_code: companies.code,
  company_name: companies.name,
  created_by_name: users.name,
};
export interface BillWithNames {
  bill: BillRow;
  supplier_name: string;
  company_code: string;
  company_name: string;
  created_by_name: string | null;
}

/** A bill's line with what the record shows of its request line. */
export interface BillLineRow {
  id: number;
  bill_id: number;
  line_id: number;
  amount: string;
  request_id: number;
  request_number: string;
  position: number;
  service_type: string;
  service_subtype: string | null;
  hotel_name: string | null;
  room_type: string | null;
  route: string | null;
  date_from: string | null;
  date_to: string | null;
  pax: number | null;
  description: string | null;
}

const ORDER_COLUMNS = {
  issue_date: { column: documentRegister.issue_date },
  due_date: { column: documentRegister.due_date },
  number: { column: documentRegister.number },
  total: { column: documentRegister.total },
};

const today = () => new Date().toISOString().slice(0, 10);

function listConditions(q: BillListQuery): SQL | undefined {
  const r = documentRegister;
  return allOf([
    eq(r.doc_kind, 'bill'),
    q.supplier ? eq(r.counterparty_id, q.supplier) : undefined,
    q.company ? eq(r.company_id, q.company) : undefined,
    q.status ? eq(r.payment_status, q.status) : undefined,
    q.currency ? eq(r.currency, q.currency) : undefined,
    q.issue_date_after ? sql`${r.issue_date} >= ${q.issue_date_after}` : undefined,
    q.issue_date_before ? sql`${r.issue_date} <= ${q.issue_date_before}` : undefined,
    q.due_before ? sql`${r.due_date} <= ${q.due_before}` : undefined,
    q.overdue ? sql`${r.due_date} < ${today()} and ${r.payment_status} <> 'Paid'` : undefined,
    q.request
      ? sql`${r.doc_id} in (select ${supplierInvoiceLines.bill_id} from ${supplierInvoiceLines}
            where ${supplierInvoiceLines.request_id} = ${q.request})`
      : undefined,
    searchCondition({ table: r, id: r.doc_id, searchVector: r.search_vector }, q.search),
  ]);
}

/**
 * SQL of bills: their rows and lines, the request lines they take (read straight from the requests
 * tables: a narrow read, not the requests module's repository), and their page of the register.
 */
export const billsRepository = {
  async findSupplier(
    ex: Executor,
    id: number,
  ): Promise<{ id: number; name: string; payment_terms_days: number | null } | null> {
    const rows = await ex
      .select({ id: suppliers.id, name: suppliers.name, payment_terms_days: suppliers.payment_terms_days })
      .from(suppliers)
      .where(eq(suppliers.id, id));
    return rows[0] ?? null;
  },

  async findCompany(
    ex: Executor,
    id: number,
  ): Promise<{ id: number; code: string; name: string; base_currency: string } | null> {
    const rows = await ex
      .select({
        id: companies.id,
        code: companies.code,
        name: companies.name,
        base_currency: companies.base_currency,
      })
      .from(companies)
      .where(eq(companies.id, id));
    return rows[0] ?? null;
  },

  /**
   * The request lines a bill takes, locked in id order (so two bills over the same lines queue
   * rather than deadlock) when `lock` is set.
   */
  async linesForBilling(ex: Executor, ids: number[], lock: boolean): Promise<BillingLine[]> {
    if (ids.length === 0) return [];
    const query = billingLines(ex).where(inArray(requestLines.id, ids)).orderBy(asc(requestLines.id));
    return (lock ? await query.for('update', { of: requestLines }) : await query) as BillingLine[];
  },

  /** Which of these lines another bill already took (the bill being edited left out). */
  async billingsOf(
    ex: Executor,
    lineIds: number[],
    exceptBill: number | null,
  ): Promise<Array<{ line_id: number; bill_id: number; number: string }>> {
    if (lineIds.length === 0) return [];
    return ex
      .select({
        line_id: supplierInvoiceLines.line_id,
        bill_id: supplierInvoices.id,
        number: supplierInvoices.number,
      })
      .from(supplierInvoiceLines)
      .innerJoin(supplierInvoices, eq(supplierInvoices.id, supplierInvoiceLines.bill_id))
      .where(
        and(
          inArray(supplierInvoiceLines.line_id, lineIds),
          exceptBill === null ? undefined : ne(supplierInvoices.id, exceptBill),
        ),
      );
  },

  /** The supplier's bill with this number, whatever its case (the unique index's rule). */
  async findByNumber(
    ex: Executor,
    supplierId: number,
    number: string,
    exceptBill: number | null,
  ): Promise<{ id: number; number: string } | null> {
    const rows = await ex
      .select({ id: supplierInvoices.id, number: supplierInvoices.number })
      .from(supplierInvoices)
      .where(
        and(
          eq(supplierInvoices.supplier_id, supplierId),
          sql`lower(${supplierInvoices.number}) = lower(${number})`,
          exceptBill === null ? undefined : ne(supplierInvoices.id, exceptBill),
        ),
      );
    return rows[0] ?? null;
  },

  async insert(ex: Executor, values: BillInsert): Promise<BillRow> {
    return (await ex.insert(supplierInvoices).values(values).returning())[0]!;
  },

  async insertLines(ex: Executor, values: BillLineInsert[]): Promise<void> {
    if (values.length) await ex.insert(supplierInvoiceLines).values(values);
  },

  async deleteLines(ex: Executor, billId: number): Promise<void> {
    await ex.delete(supplierInvoiceLines).where(eq(supplierInvoiceLines.bill_id, billId));
  },

  async lineIdsOf(ex: Executor, billId: number): Promise<number[]> {
    const rows = await ex
      .select({ line_id: supplierInvoiceLines.line_id })
      .from(supplierInvoiceLines)
      .where(eq(supplierInvoiceLines.bill_id, billId))
      .orderBy(asc(supplierInvoiceLines.id));
    return rows.map((r) => r.line_id);
  },

  async update(ex: Executor, id: number, values: Partial<BillInsert>): Promise<BillRow> {
    const rows = await ex
      .update(supplierInvoices)
      .set({ ...values, version: sql`${supplierInvoices.version} + 1`, updated_at: new Date() })
      .where(eq(supplierInvoices.id, id))
      .returning();
    return rows[0]!;
  },

  /** Only the compensating step of a file that could not take its name (the lines cascade). */
  async delete(ex: Executor, id: number): Promise<void> {
    await ex.delete(supplierInvoices).where(eq(supplierInvoices.id, id));
  },

  async find(ex: Executor, id: number): Promise<BillRow | null> {
    return (await ex.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)))[0] ?? null;
  },

  async findForUpdate(ex: Executor, id: number): Promise<BillRow | null> {
    const rows = await ex.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)).for('update');
    return rows[0] ?? null;
  },

  async withNames(ex: Executor, ids: number[]): Promise<BillWithNames[]> {
    if (ids.length === 0) return [];
    return ex
      .select(recordColumns)
      .from(supplierInvoices)
      .innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplier_id))
      .innerJoin(companies, eq(companies.id, supplierInvoices.company_id))
      .leftJoin(users, eq(users.id, supplierInvoices.created_by))
      .where(inArray(supplierInvoices.id, ids));
  },

  async linesOf(ex: Executor, billIds: number[]): Promise<BillLineRow[]> {
    if (billIds.length === 0) return [];
    return ex
      .select({
        id: supplierInvoiceLines.id,
        bill_id: supplierInvoiceLines.bill_id,
        line_id: supplierInvoiceLines.line_id,
        amount: supplierInvoiceLines.amount,
        request_id: supplierInvoiceLines.request_id,
        request_number: requests.number,
        position: requestLines.position,
        service_type: requestLines.service_type,
        service_subtype: requestLines.service_subtype,
        hotel_name: requestLines.hotel_name,
        room_type: requestLines.room_type,
        route: requestLines.route,
        date_from: requestLines.date_from,
        date_to: requestLines.date_to,
        pax: requestLines.pax,
        description: requestLines.description,
      })
      .from(supplierInvoiceLines)
      .innerJoin(requestLines, eq(requestLines.id, supplierInvoiceLines.line_id))
      .innerJoin(requests, eq(requests.id, supplierInvoiceLines.request_id))
      .where(inArray(supplierInvoiceLines.bill_id, billIds))
      .orderBy(asc(requests.number), asc(requestLines.position), asc(supplierInvoiceLines.id));
  },

  /** The requests each bill's lines come from, by number. */
  async requestsOf(
    ex: Executor,
    billIds: number[],
  ): Promise<Array<{ bill_id: number; id: number; number: string }>> {
    if (billIds.length === 0) return [];
    return ex
      .selectDistinct({ bill_id: supplierInvoiceLines.bill_id, id: requests.id, number: requests.number })
      .from(supplierInvoiceLines)
      .innerJoin(requests, eq(requests.id, supplierInvoiceLines.request_id))
      .where(inArray(supplierInvoiceLines.bill_id, billIds))
      .orderBy(asc(supplierInvoiceLines.bill_id), asc(requests.number));
  },

  /**
   * One page of bills from the register (decision 0010: the list is Invoices & Bills with the
   * kind fixed), as bill ids in list order, with the total.
   */
  async listPage(ex: Executor, q: BillListQuery): Promise<PageResult & { billIds: number[] }> {
    const page = await pageIds(ex, documentRegister, documentRegister.id, {
      where: listConditions(q),
      order: parseOrdering(q.ordering, ORDER_COLUMNS),
      limit: q.limit,
      offset: q.offset,
      collectFirst: prefixQuery(q.search) !== null,
    });
    if (page.ids.length === 0) return { ...page, billIds: [] };
    const rows = await ex
      .select({ id: documentRegister.id, doc_id: documentRegister.doc_id })
      .from(documentRegister)
      .where(inArray(documentRegister.id, page.ids));
    return { ...page, billIds: inOrder(page.ids, rows).map((r) => r.doc_id) };
  },

  /** A supplier's Confirmed (or later) lines that no bill took, but the one being edited. */
  async billableLines(ex: Executor, q: BillableLinesQuery, max: number): Promise<BillingLine[]> {
    return (await billingLines(ex)
      .where(
        and(
          eq(requestLines.supplier_id, q.supplier),
          isNotNull(requestLines.status),
          ne(requestLines.status, 'Canceled'),
          q.request ? eq(requestLines.request_id, q.request) : undefined,
          q.currency ? eq(requestLines.cost_currency, q.currency) : undefined,
          sql`not exists (select 1 from ${supplierInvoiceLines}
                where ${supplierInvoiceLines.line_id} = ${requestLines.id}
                ${q.bill ? sql`and ${supplierInvoiceLines.bill_id} <> ${q.bill}` : sql``})`,
        ),
      )
      .orderBy(desc(requests.id), asc(requestLines.position))
      .limit(max)) as BillingLine[];
  },
};
