/**
 * Fin-Report's expected figures, computed in the test from the documents as the API shows them
 * (invoices, credit notes, bills, request lines, rate sets), never from the ledger or the sums.
 * The rules are decision 0012's, written out again here:
 * - a line's sale in base = its amount × the document's stamped rate, rounded to 2 places (half
 *   away from zero); a credit note line's amount is negative;
 * - its cost: the bill line's amount × the bill's stamped rate, rounded, when a bill has the
 *   request line; else the request line's cost × the buy rate (cost currency → base) of the
 *   document's rate set, rounded ("estimated"); a credit note line's cost is negated;
 * - in each of the four currencies: in the document's own currency its amount (the invoice line's
 *   for sales, the bill line's for billed cost, the request line's cost for an estimate; negated
 *   on a credit note); else the base figure × the sell rate base → currency of the set that valued
 *   it (the document's for sales and estimates, the bill's for billed cost), rounded;
 * - the month: the service date (the invoice date when the line has none) or the invoice date.
 */
import {
  ACCOUNT_TYPES,
  type AccountType,
  type BillRecord,
  type FinReport,
  findRate,
  type InvoiceRecord,
  type RateSet,
  type ReportBasis,
  type RequestRecord,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { TestContext } from '../../test/harness.ts';

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AED'] as const;
type Ccy = (typeof CURRENCIES)[number];

const r2 = (d: Decimal.Value) => new Decimal(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const fixed = (d: Decimal.Value) => r2(d).toFixed(2);

export interface BookLine {
  invoice_line_id: number;
  kind: 'invoice' | 'credit_note';
  invoice: { id: number; number: string };
  request: { id: number; number: string };
  client: { id: number; name: string };
  company: { id: number; code: string; name: string };
  account_type: AccountType;
  invoice_date: string;
  service_date: string;
  base_currency: string;
  sales_base: Decimal;
  cost_base: Decimal;
  estimated: boolean;
  sales: Record<Ccy, Decimal>;
  cost: Record<Ccy, Decimal>;
}

async function get<T>(t: TestContext, token: string, url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as T;
}

/** Every invoice and credit note line of the book, valued from the documents. */
export async function bookLines(t: TestContext, token: string): Promise<BookLine[]> {
  const sets = new Map(
    (await get<{ data: RateSet[] }>(t, token, 'rates/?limit=100')).data.map((s) => [s.id, s.rates]),
  );
  const rate = (setId: number, from: string, to: string, side: 'sell' | 'buy') => {
    if (from === to) return new Decimal(1);
    const found = findRate(sets.get(setId) ?? [], from, to, side);
    if (!found) throw new Error(`set ${setId} has no ${side} ${from}/${to}`);
    return new Decimal(found.rate).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  };
  const inCurrencies = (
    setId: number,
    base: string,
    amount: Decimal,
    own: { ccy: string; amount: Decimal },
  ) =>
    Object.fromEntries(
      CURRENCIES.map((c) => [
        c,
        c === own.ccy ? own.amount : c === base ? amount : r2(amount.times(rate(setId, base, c, 'sell'))),
      ]),
    ) as Record<Ccy, Decimal>;

  // bills by the request lines they carry, with the set each was stamped with
  const billList = (await get<{ data: Array<{ id: number }> }>(t, token, 'supplier-invoices/?limit=500'))
    .data;
  const billSets = new Map(
    (
      await queryRows<{ id: number; rate_set_id: number }>(
        t.database.db,
        sql`select id, rate_set_id from supplier_invoices`,
      )
    ).map((r) => [r.id, r.rate_set_id]),
  );
  const billOfLine = new Map<number, { bill: BillRecord; amount: string }>();
  for (const { id } of billList) {
    const bill = (await get<{ data: BillRecord }>(t, token, `supplier-invoices/${id}/`)).data;
    for (const l of bill.lines) billOfLine.set(l.line_id, { bill, amount: l.amount });
  }

  const requests = new Map<number, RequestRecord>();
  const requestOf = async (id: number) => {
    if (!requests.has(id))
      requests.set(id, (await get<{ data: RequestRecord }>(t, token, `requests/${id}/`)).data);
    return requests.get(id)!;
  };

  const out: BookLine[] = [];
  const docs = (await get<{ data: Array<{ id: number }> }>(t, token, 'client-invoices/?limit=500')).data;
  for (const { id } of docs) {
    const doc = (await get<{ data: InvoiceRecord }>(t, token, `client-invoices/${id}/`)).data;
    const base = doc.base_currency;
    const sign = doc.kind === 'credit_note' ? -1 : 1;
    for (const line of doc.lines) {
      const salesBase = r2(new Decimal(line.amount).times(doc.rate));
      const request = await requestOf(line.request.id);
      const requestLine = request.lines.find((l) => l.id === line.line_id)!;
      const billed = billOfLine.get(line.line_id);
      let costBase: Decimal;
      let cost: Record<Ccy, Decimal>;
      if (billed) {
        const billBase = r2(new Decimal(billed.amount).times(billed.bill.rate)).times(sign);
        expect(billed.bill.base_currency, 'a bill in the company base').toBe(base);
        costBase = billBase;
        cost = inCurrencies(billSets.get(billed.bill.id)!, base, billBase, {
          ccy: billed.bill.currency,
          amount: new Decimal(billed.amount).times(sign),
        });
      } else {
        costBase = r2(
          new Decimal(requestLine.cost).times(rate(doc.rate_set_id, requestLine.cost_currency, base, 'buy')),
        ).times(sign);
        cost = inCurrencies(doc.rate_set_id, base, costBase, {
          ccy: requestLine.cost_currency,
          amount: new Decimal(requestLine.cost).times(sign),
        });
      }
      out.push({
        invoice_line_id: line.id,
        kind: doc.kind,
        invoice: { id: doc.id, number: doc.number },
        request: { id: request.id, number: request.number },
        client: doc.client,
        company: doc.company,
        account_type: line.account_type,
        invoice_date: doc.issue_date,
        service_date: line.service_date_from ?? doc.issue_date,
        base_currency: base,
        sales_base: salesBase,
        cost_base: costBase,
        estimated: !billed,
        sales: inCurrencies(doc.rate_set_id, base, salesBase, {
          ccy: doc.currency,
          amount: new Decimal(line.amount),
        }),
        cost,
      });
    }
  }
  return out;
}

export interface Scope {
  basis: ReportBasis;
  month_from: string;
  month_to: string;
  currency: Ccy;
  company?: number;
  account_type?: AccountType;
}

const dayOf = (l: BookLine, basis: ReportBasis) => (basis === 'service' ? l.service_date : l.invoice_date);
export const inScope = (l: BookLine, s: Scope) => {
  const month = dayOf(l, s.basis).slice(0, 7);
  return (
    month >= s.month_from &&
    month <= s.month_to &&
    (s.company === undefined || l.company.id === s.company) &&
    (s.account_type === undefined || l.account_type === s.account_type)
  );
};
export const isNegativeLine = (l: BookLine) => l.kind === 'invoice' && l.sales_base.lessThan(l.cost_base);

const percent = (sales: Decimal, margin: Decimal) =>
  sales.isZero() ? null : margin.div(sales).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

function monthsFrom(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) return out;
    out.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** The exception row as the API shows it. */
export const exceptionOf = (l: BookLine, ccy: Ccy) => ({
  invoice_line_id: l.invoice_line_id,
  document_kind: l.kind,
  invoice: l.invoice,
  request: l.request,
  client: l.client,
  company: l.company,
  account_type: l.account_type,
  service_date: l.service_date,
  invoice_date: l.invoice_date,
  sales: fixed(l.sales[ccy]),
  cost: fixed(l.cost[ccy]),
  margin: fixed(l.sales[ccy].minus(l.cost[ccy])),
});

/** The lines of an exception list, in the report's order (the basis date, then the line). */
export function exceptionLines(
  lines: readonly BookLine[],
  s: Scope,
  kind: 'negative_margin' | 'estimated_cost',
) {
  return lines
    .filter((l) => inScope(l, s) && (kind === 'estimated_cost' ? l.estimated : isNegativeLine(l)))
    .sort((a, b) =>
      dayOf(a, s.basis) === dayOf(b, s.basis)
        ? a.invoice_line_id - b.invoice_line_id
        : dayOf(a, s.basis) < dayOf(b, s.basis)
          ? -1
          : 1,
    );
}

/**
 * The whole report for a scope. VAT: rates in percent (null = not subject), margin ≤ 0 owes 0;
 * at 20% the VAT is checked as 1/6 of the margin (the test's own arithmetic, not the formula).
 */
export function expectedReport(
  lines: readonly BookLine[],
  s: Scope,
  vatRates: Record<AccountType, string | null>,
  firstPage = 10,
): FinReport {
  const ccy = s.currency;
  const of = lines.filter((l) => inScope(l, s));
  const groups = new Map<string, BookLine[]>();
  for (const l of of) {
    const key = `${l.company.code}|${dayOf(l, s.basis).slice(0, 7)}|${ACCOUNT_TYPES.indexOf(l.account_type)}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const sum = (ls: readonly BookLine[], pick: (l: BookLine) => Decimal) =>
    ls.reduce((acc, l) => acc.plus(pick(l)), new Decimal(0));
  const rows = [...groups.keys()].sort().map((key) => {
    const ls = groups.get(key)!;
    const sales = sum(ls, (l) => l.sales[ccy]);
    const cost = sum(ls, (l) => l.cost[ccy]);
    return {
      company: ls[0]!.company,
      month: key.split('|')[1]!,
      account_type: ls[0]!.account_type,
      sales: fixed(sales),
      cost: fixed(cost),
      margin: fixed(sales.minus(cost)),
      margin_percent: percent(sales, sales.minus(cost)),
      lines: ls.length,
      estimated_lines: ls.filter((l) => l.estimated).length,
      negative_lines: ls.filter(isNegativeLine).length,
    };
  });
  const months = monthsFrom(s.month_from, s.month_to).map((month) => {
    const ls = of.filter((l) => dayOf(l, s.basis).startsWith(month));
    const sales = sum(ls, (l) => l.sales[ccy]);
    const cost = sum(ls, (l) => l.cost[ccy]);
    return { month, sales: fixed(sales), cost: fixed(cost), margin: fixed(sales.minus(cost)) };
  });
  const toms = [];
  const companies = [...new Map(of.map((l) => [l.company.code, l.company])).entries()].sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  for (const [, company] of companies) {
    for (const type of ACCOUNT_TYPES) {
      const ls = of.filter((l) => l.company.id === company.id && l.account_type === type);
      if (ls.length === 0) continue;
      const margin = sum(ls, (l) => l.sales[ccy].minus(l.cost[ccy]));
      const marginBase = sum(ls, (l) => l.sales_base.minus(l.cost_base));
      const rate = vatRates[type];
      const vatOn = (m: Decimal) => {
        if (rate === null) return null;
        const r = new Decimal(rate);
        return m.lte(0) ? '0.00' : r.eq(20) ? fixed(m.div(6)) : fixed(m.times(r).div(r.plus(100)));
      };
      toms.push({
        company,
        account_type: type,
        margin: fixed(margin),
        rate,
        vat_due: vatOn(margin),
        base_currency: ls[0]!.base_currency,
        margin_base: fixed(marginBase),
        vat_due_base: vatOn(marginBase),
      });
    }
  }
  const sales = sum(of, (l) => l.sales[ccy]);
  const cost = sum(of, (l) => l.cost[ccy]);
  const page = (kind: 'negative_margin' | 'estimated_cost') => {
    const ls = exceptionLines(lines, s, kind);
    return { kind, total: ls.length, rows: ls.slice(0, firstPage).map((l) => exceptionOf(l, ccy)) };
  };
  return {
    month_from: s.month_from,
    month_to: s.month_to,
    basis: s.basis,
    currency: ccy,
    rows,
    months,
    totals: {
      sales: fixed(sales),
      cost: fixed(cost),
      margin: fixed(sales.minus(cost)),
      margin_percent: percent(sales, sales.minus(cost)),
      lines: of.length,
      estimated_lines: of.filter((l) => l.estimated).length,
      vat_due: fixed(toms.reduce((acc, t) => acc.plus(t.vat_due ?? 0), new Decimal(0))),
    },
    toms,
    exceptions: [
      { kind: 'no_account_type', total: 0, rows: [] },
      page('negative_margin'),
      page('estimated_cost'),
    ],
  } as FinReport;
}
