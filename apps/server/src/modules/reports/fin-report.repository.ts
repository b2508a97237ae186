import type { AccountType, CurrencyCode, ReportBasis } from '@app/shared';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clientInvoices } from '../accounting/invoices.table.ts';
import { salesLedger, salesMonthSums } from '../accounting/sales-ledger.table.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { requests } from '../requests/requests.table.ts';

/** What every Fin-Report read narrows by: `from` and `to` are first days of months, `to` excluded. */
export interface FinReportScope {
  basis: ReportBasis;
  /** First day of the first month. */
  from: string;
  /** First day of the month after the last. */
  to: string;
  currency: CurrencyCode;
  company?: number | undefined;
  accountType?: AccountType | undefined;
}

export interface FinReportSumRow {
  company_id: number;
  company_code: string;
  company_name: string;
  /** `YYYY-MM`. */
  month: string;
  account_type: AccountType;
  sales: string;
  cost: string;
  /** In the company's base currency (`base_currency`): what TOMS VAT is filed on. */
  base_currency: string;
  sales_base: string;
  cost_base: string;
  lines: number;
  estimated_lines: number;
  negative_lines: number;
}

export interface FinReportExceptionRow {
  invoice_line_id: number;
  document_kind: 'invoice' | 'credit_note';
  invoice_id: number;
  invoice_number: string;
  request_id: number;
  request_number: string;
  client_id: number;
  client_name: string;
  company_id: number;
  company_code: string;
  company_name: string;
  account_type: AccountType;
  service_date: string;
  invoice_date: string;
  sales: string;
  cost: string;
}

export type FinReportListedKind = 'negative_margin' | 'estimated_cost';

/** The converted columns of the chosen currency (stamped at the documents' rate sets). */
const SUM_COLUMNS = {
  GBP: { sales: salesMonthSums.sales_gbp, cost: salesMonthSums.cost_gbp },
  USD: { sales: salesMonthSums.sales_usd, cost: salesMonthSums.cost_usd },
  EUR: { sales: salesMonthSums.sales_eur, cost: salesMonthSums.cost_eur },
  AED: { sales: salesMonthSums.sales_aed, cost: salesMonthSums.cost_aed },
} as const;
const LEDGER_COLUMNS = {
  GBP: { sales: salesLedger.sales_gbp, cost: salesLedger.cost_gbp },
  USD: { sales: salesLedger.sales_usd, cost: salesLedger.cost_usd },
  EUR: { sales: salesLedger.sales_eur, cost: salesLedger.cost_eur },
  AED: { sales: salesLedger.sales_aed, cost: salesLedger.cost_aed },
} as const;

/**
 * The ledger lines of each exception list: the same conditions as the partial indexes
 * `sales_ledger_estimated_idx` / `sales_ledger_negative_idx` and as the month sums'
 * `estimated_lines` / `negative_lines`, so a list and its count agree.
 */
const LISTED: Record<FinReportListedKind, SQL> = {
  estimated_cost: sql`${salesLedger.cost_source} = 'estimated'`,
  negative_margin: sql`${salesLedger.kind} = 'invoice' and ${salesLedger.sales_base} < ${salesLedger.cost_base}`,
};

function sumsWhere(s: FinReportScope): SQL | undefined {
  return and(
    eq(salesMonthSums.basis, s.basis),
    gte(salesMonthSums.month, s.from),
    lt(salesMonthSums.month, s.to),
    s.company === undefined ? undefined : eq(salesMonthSums.company_id, s.company),
    s.accountType === undefined ? undefined : eq(salesMonthSums.account_type, s.accountType),
  );
}

/** Fin-Report's reads: the month sums for the figures (never the ledger), the ledger for exception pages. */
export const finReportRepository = {
  /**
   * THE report query: the month sums of the period per company, month and account type, in the
   * chosen currency (the invoice currencies added together). A year is a few hundred sum rows
   * read through the primary key (basis, month, ...), whatever the size of the ledger.
   */
  rowsQuery(ex: Executor, s: FinReportScope) {
    const c = SUM_COLUMNS[s.currency];
    const month = sql<string>`to_char(${salesMonthSums.month}, 'YYYY-MM')`;
    return (
      ex
        .select({
          company_id: salesMonthSums.company_id,
          company_code: companies.code,
          company_name: companies.name,
          month,
          account_type: sql<AccountType>`${salesMonthSums.account_type}`,
          sales: sql<string>`sum(${c.sales})::text`,
          cost: sql<string>`sum(${c.cost})::text`,
          base_currency: sql<string>`min(${salesMonthSums.base_currency})`,
          sales_base: sql<string>`sum(${salesMonthSums.sales_base})::text`,
          cost_base: sql<string>`sum(${salesMonthSums.cost_base})::text`,
          lines: sql<number>`sum(${salesMonthSums.lines})::int`,
          estimated_lines: sql<number>`sum(${salesMonthSums.estimated_lines})::int`,
          negative_lines: sql<number>`sum(${salesMonthSums.negative_lines})::int`,
        })
        .from(salesMonthSums)
        .innerJoin(companies, eq(companies.id, salesMonthSums.company_id))
        .where(sumsWhere(s))
        .groupBy(
          salesMonthSums.company_id,
          companies.code,
          companies.name,
          salesMonthSums.month,
          salesMonthSums.account_type,
        )
        // a month whose lines were all moved away leaves a row of zeros behind: nothing to report
        .having(sql`sum(${salesMonthSums.lines}) <> 0 or sum(${c.sales}) <> 0 or sum(${c.cost}) <> 0`)
        .orderBy(asc(companies.code), asc(salesMonthSums.month), asc(salesMonthSums.account_type))
    );
  },

  async rows(ex: Executor, s: FinReportScope): Promise<FinReportSumRow[]> {
    return finReportRepository.rowsQuery(ex, s);
  },

  /** One page of an exception list, in date order (the partial index's order). */
  async exceptions(
    ex: Executor,
    s: FinReportScope,
    kind: FinReportListedKind,
    limit: number,
    offset: number,
  ): Promise<FinReportExceptionRow[]> {
    const c = LEDGER_COLUMNS[s.currency];
    const day = s.basis === 'service' ? salesLedger.service_date : salesLedger.invoice_date;
    return ex
      .select({
        invoice_line_id: salesLedger.invoice_line_id,
        document_kind: sql<'invoice' | 'credit_note'>`${salesLedger.kind}`,
        invoice_id: salesLedger.invoice_id,
        invoice_number: clientInvoices.number,
        request_id: salesLedger.request_id,
        request_number: requests.number,
        client_id: salesLedger.client_id,
        client_name: sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`,
        company_id: salesLedger.company_id,
        company_code: companies.code,
        company_name: companies.name,
        account_type: sql<AccountType>`${salesLedger.account_type}`,
        service_date: salesLedger.service_date,
        invoice_date: salesLedger.invoice_date,
        sales: c.sales,
        cost: c.cost,
      })
      .from(salesLedger)
      .innerJoin(clientInvoices, eq(clientInvoices.id, salesLedger.invoice_id))
      .innerJoin(requests, eq(requests.id, salesLedger.request_id))
      .innerJoin(clients, eq(clients.id, salesLedger.client_id))
      .innerJoin(companies, eq(companies.id, salesLedger.company_id))
      .where(
        and(
          LISTED[kind],
          gte(day, s.from),
          lt(day, s.to),
          s.company === undefined ? undefined : eq(salesLedger.company_id, s.company),
          s.accountType === undefined ? undefined : eq(salesLedger.account_type, s.accountType),
        ),
      )
      .orderBy(asc(day), asc(salesLedger.invoice_line_id))
      .limit(limit)
      .offset(offset);
  },

  /** An exception list's length, from the month sums (the ledger is not counted). */
  async exceptionCount(ex: Executor, s: FinReportScope, kind: FinReportListedKind): Promise<number> {
    const column = kind === 'estimated_cost' ? salesMonthSums.estimated_lines : salesMonthSums.negative_lines;
    const [row] = await ex
      .select({ n: sql<number>`coalesce(sum(${column}), 0)::int` })
      .from(salesMonthSums)
      .where(sumsWhere(s));
    return row?.n ?? 0;
  },
};
