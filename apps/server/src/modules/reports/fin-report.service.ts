import {
  ACCOUNT_TYPES,
  FIN_REPORT_EXCEPTIONS_PAGE,
  type FinReport,
  type FinReportException,
  type FinReportExceptionList,
  type FinReportExceptionsQuery,
  type FinReportFilter,
  type FinReportMonth,
  type FinReportRow,
  type FinReportTomsRow,
  type ListResult,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/client.ts';
import {
  type FinReportExceptionRow,
  type FinReportScope,
  type FinReportSumRow,
  finReportRepository as repo,
} from './fin-report.repository.ts';
import type { VatRatesByType, VatRatesService } from './vat-rates.service.ts';

const money = (d: Decimal.Value) => new Decimal(d).toFixed(2, Decimal.ROUND_HALF_UP);

/** Margin as a percent of sales, to 2 places; none without sales. */
export function marginPercent(sales: Decimal.Value, margin: Decimal.Value): string | null {
  const s = new Decimal(sales);
  return s.isZero() ? null : new Decimal(margin).div(s).times(100).toFixed(2, Decimal.ROUND_HALF_UP);
}

/**
 * TOMS VAT on a period's margin of one account type (DOMAIN.md "Reports"): the margin is
 * VAT-inclusive, so VAT = margin × rate / (100 + rate), 1/6 at 20%. A period that made no margin
 * owes nothing and gets nothing back; null rate = not subject.
 */
export function tomsVat(margin: Decimal.Value, rate: string | null): string | null {
  if (rate === null) return null;
  const m = new Decimal(margin);
  if (m.lte(0)) return money(0);
  const r = new Decimal(rate);
  return money(m.times(r).div(r.plus(100)));
}

/** `2026-03` → `2026-04-01`. */
function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = nextMonthStart(m).slice(0, 7)) out.push(m);
  return out;
}

export function scopeOf(q: FinReportFilter): FinReportScope {
  return {
    basis: q.basis,
    from: `${q.month_from}-01`,
    to: nextMonthStart(q.month_to),
    currency: q.currency,
    company: q.company,
    accountType: q.account_type,
  };
}

function toRow(r: FinReportSumRow): FinReportRow {
  const margin = new Decimal(r.sales).minus(r.cost);
  return {
    company: { id: r.company_id, code: r.company_code, name: r.company_name },
    month: r.month,
    account_type: r.account_type,
    sales: money(r.sales),
    cost: money(r.cost),
    margin: money(margin),
    margin_percent: marginPercent(r.sales, margin),
    lines: r.lines,
    estimated_lines: r.estimated_lines,
    negative_lines: r.negative_lines,
  };
}

function toException(r: FinReportExceptionRow): FinReportException {
  return {
    invoice_line_id: r.invoice_line_id,
    document_kind: r.document_kind,
    invoice: { id: r.invoice_id, number: r.invoice_number },
    request: { id: r.request_id, number: r.request_number },
    client: { id: r.client_id, name: r.client_name },
    company: { id: r.company_id, code: r.company_code, name: r.company_name },
    account_type: r.account_type,
    service_date: r.service_date,
    invoice_date: r.invoice_date,
    sales: money(r.sales),
    cost: money(r.cost),
    margin: money(new Decimal(r.sales).minus(r.cost)),
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const sumOf = (rows: readonly FinReportRow[], pick: (r: FinReportRow) => string) =>
  rows.reduce((acc, r) => acc.plus(pick(r)), new Decimal(0));

function monthSeries(rows: readonly FinReportRow[], from: string, to: string): FinReportMonth[] {
  return monthsOf(from, to).map((month) => {
    const of = rows.filter((r) => r.month === month);
    const sales = sumOf(of, (r) => r.sales);
    const cost = sumOf(of, (r) => r.cost);
    return { month, sales: money(sales), cost: money(cost), margin: money(sales.minus(cost)) };
  });
}

/**
 * Per company and account type, in the rows' order (companies by code, then the types' order):
 * VAT on the margin in the chosen currency and, the one to file, on the margin in the base.
 */
function tomsRows(
  rows: readonly FinReportRow[],
  sums: readonly FinReportSumRow[],
  rates: VatRatesByType,
): FinReportTomsRow[] {
  const out: FinReportTomsRow[] = [];
  const companies = [...new Map(rows.map((r) => [r.company.id, r.company])).values()];
  for (const company of companies) {
    for (const type of ACCOUNT_TYPES) {
      const of = rows.filter((r) => r.company.id === company.id && r.account_type === type);
      if (of.length === 0) continue;
      const base = sums.filter((r) => r.company_id === company.id && r.account_type === type);
      const margin = sumOf(of, (r) => r.margin);
      const marginBase = base.reduce((acc, r) => acc.plus(r.sales_base).minus(r.cost_base), new Decimal(0));
      out.push({
        company,
        account_type: type,
        margin: money(margin),
        rate: rates[type],
        vat_due: tomsVat(margin, rates[type]),
        base_currency: base[0]!.base_currency as FinReportTomsRow['base_currency'],
        margin_base: money(marginBase),
        vat_due_base: tomsVat(marginBase, rates[type]),
      });
    }
  }
  return out;
}

export function createFinReportService({ db, vatRates }: { db: Db; vatRates: VatRatesService }) {
  const exceptionPage = async (
    scope: FinReportScope,
    kind: FinReportExceptionList['kind'],
    limit: number,
    offset: number,
  ): Promise<FinReportException[]> =>
    kind === 'no_account_type'
      ? []
      : (await repo.exceptions(db, scope, kind, limit, offset)).map(toException);

  return {
    /** Sales, cost and margin per company, month and account type; TOMS VAT; the exceptions. */
    async report(q: FinReportFilter): Promise<FinReport> {
      const scope = scopeOf(q);
      const [sums, rates] = await Promise.all([repo.rows(db, scope), vatRates.byType()]);
      // companies by code, months in order, account types in their listed order (not the collation's)
      const rows = sums
        .map(toRow)
        .sort(
          (a, b) =>
            cmp(a.company.code, b.company.code) ||
            cmp(a.month, b.month) ||
            ACCOUNT_TYPES.indexOf(a.account_type) - ACCOUNT_TYPES.indexOf(b.account_type),
        );
      const lines = (pick: (r: FinReportRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
      const negativeTotal = lines((r) => r.negative_lines);
      const estimatedTotal = lines((r) => r.estimated_lines);
      // the counts come with the sums; a list the sums say is empty is not looked for in the ledger
      const [negative, estimated] = await Promise.all([
        negativeTotal ? exceptionPage(scope, 'negative_margin', FIN_REPORT_EXCEPTIONS_PAGE, 0) : [],
        estimatedTotal ? exceptionPage(scope, 'estimated_cost', FIN_REPORT_EXCEPTIONS_PAGE, 0) : [],
      ]);
      const toms = tomsRows(rows, sums, rates);
      const sales = sumOf(rows, (r) => r.sales);
      const cost = sumOf(rows, (r) => r.cost);
      return {
        month_from: q.month_from,
        month_to: q.month_to,
        basis: q.basis,
        currency: q.currency,
        rows,
        months: monthSeries(rows, q.month_from, q.month_to),
        totals: {
          sales: money(sales),
          cost: money(cost),
          margin: money(sales.minus(cost)),
          margin_percent: marginPercent(sales, sales.minus(cost)),
          lines: lines((r) => r.lines),
          estimated_lines: lines((r) => r.estimated_lines),
          vat_due: money(toms.reduce((acc, t) => acc.plus(t.vat_due ?? 0), new Decimal(0))),
        },
        toms,
        exceptions: [
          // request lines must carry an account type (NOT NULL + CHECK): none by construction
          { kind: 'no_account_type', total: 0, rows: [] },
          { kind: 'negative_margin', total: negativeTotal, rows: negative },
          { kind: 'estimated_cost', total: estimatedTotal, rows: estimated },
        ],
      };
    },

    /** The next pages of one exception list. */
    async exceptions(q: FinReportExceptionsQuery): Promise<ListResult<FinReportException>> {
      const scope = scopeOf(q);
      const [data, total] = await Promise.all([
        exceptionPage(scope, q.kind, q.limit, q.offset),
        q.kind === 'no_account_type' ? 0 : repo.exceptionCount(db, scope, q.kind),
      ]);
      return { data, meta: { total, limit: q.limit, offset: q.offset } };
    },
  };
}
export type FinReportService = ReturnType<typeof createFinReportService>;
