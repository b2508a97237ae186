import type { InvoiceListQuery } from '@app/shared';
import { and, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prefixQuery } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { inOrder, type PageResult, pageIds } from '../../platform/list-query/paging.ts';
import { parseOrdering } from '../../platform/list-query/sorting.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { requests } from '../requests/requests.table.ts';
import type { InvoiceWithRefs } from './invoices.repository.ts';
import { clientInvoiceLines, clientInvoices } from './invoices.table.ts';
import { documentRegister as reg } from './register.table.ts';

const ORDER_COLUMNS = {
  issue_date: { column: reg.issue_date },
  due_date: { column: reg.due_date },
  number: { column: reg.number },
  total: { column: reg.total },
};

const overdue = (today: string) =>
  sql`(${reg.doc_kind} = 'invoice' and ${reg.payment_status} <> 'Paid' and ${reg.due_date} < ${today})`;

/** `status`: Sent / Not sent are the sending, the other three the payment status. */
function statusCondition(status: InvoiceListQuery['status']): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'Sent') return eq(reg.sent, true);
  if (status === 'Not sent') return eq(reg.sent, false);
  return eq(reg.payment_status, status);
}

/** The filters of `GET client-invoices/`, each on a column of the register (decision 0010). */
function conditions(f: InvoiceListQuery, today: string): SQL | undefined {
  const query = prefixQuery(f.search);
  return allOf([
    f.kind ? eq(reg.doc_kind, f.kind) : ne(reg.doc_kind, 'bill'),
    query ? sql`${reg.search_vector} @@ ${query}::tsquery` : undefined,
    f.client ? and(eq(reg.counterparty_kind, 'client'), eq(reg.counterparty_id, f.client)) : undefined,
    // a request's documents: issued from it or carrying one of its lines (a group invoice)
    f.request
      ? sql`${reg.doc_id} in (select ${clientInvoiceLines.invoice_id} from ${clientInvoiceLines} where ${clientInvoiceLines.request_id} = ${f.request})`
      : undefined,
    f.company ? eq(reg.company_id, f.company) : undefined,
    statusCondition(f.status),
    f.currency ? eq(reg.currency, f.currency) : undefined,
    f.issue_date_after ? gte(reg.issue_date, f.issue_date_after) : undefined,
    f.issue_date_before ? lte(reg.issue_date, f.issue_date_before) : undefined,
    f.due_before ? lte(reg.due_date, f.due_before) : undefined,
    f.overdue === true ? overdue(today) : f.overdue === false ? sql`not ${overdue(today)}` : undefined,
  ]);
}

/** The client invoices list: the register with the kind fixed, joined to the documents for one page. */
export const invoicesListRepository = {
  page(ex: Executor, f: InvoiceListQuery, today: string): Promise<PageResult> {
    return pageIds(ex, reg, reg.id, {
      where: conditions(f, today),
      order: parseOrdering(f.ordering, ORDER_COLUMNS),
      limit: f.limit,
      offset: f.offset,
      // search matches are spread over the whole ordering: collect them through the GIN index first
      collectFirst: prefixQuery(f.search) !== null,
    });
  },

  /** The page's documents by register id, in the order of the ids. */
  async byRegisterIds(ex: Executor, ids: number[]): Promise<InvoiceWithRefs[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({
        id: reg.id,
        invoice: clientInvoices,
        company: { id: companies.id, code: companies.code, name: companies.name },
        client_name: sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`,
        request_number: requests.number,
      })
      .from(reg)
      .innerJoin(clientInvoices, eq(clientInvoices.id, reg.doc_id))
      .innerJoin(companies, eq(companies.id, clientInvoices.company_id))
      .innerJoin(clients, eq(clients.id, clientInvoices.client_id))
      .innerJoin(requests, eq(requests.id, clientInvoices.request_id))
      .where(and(inArray(reg.id, ids), ne(reg.doc_kind, 'bill')));
    return inOrder(
      ids,
      rows.map((r) => ({ ...r, id: Number(r.id), credits_number: null, creator_name: null })),
    );
  },
};
