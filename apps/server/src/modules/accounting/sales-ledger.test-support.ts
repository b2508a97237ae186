import { findRate, type RateLike } from '@app/shared';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * Decision 0012's guard of the sales ledger: every `sales_ledger` row, and every row of both month
 * sums, equals what the documents and their stamped rate sets say, with nothing missing and nothing
 * extra. Written apart from `sales-ledger.facts.ts` and the repository (its own query, its own
 * arithmetic, the sums from the expected rows rather than the stored ones), so a writer that
 * forgets a sync, or a derivation that drifts, fails it. Answers the number of ledger rows.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof D>;
const r2 = (x: D) => {
  const t = x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return t === '-0.00' ? '0.00' : t;
};
const CCYS = ['gbp', 'usd', 'eur', 'aed'] as const;

interface Doc {
  invoice_line_id: number;
  invoice_id: number;
  kind: 'invoice' | 'credit_note';
  company_id: number;
  client_id: number;
  request_id: number;
  line_id: number;
  account_type: string;
  issue_date: string;
  service_date_from: string | null;
  currency: string;
  amount: string;
  base_currency: string;
  rate: string;
  rate_set_id: number;
  cost: string;
  cost_currency: string;
  bill_id: number | null;
  bill_currency: string | null;
  bill_line_amount: string | null;
  bill_rate: string | null;
  bill_rate_set_id: number | null;
  bill_base_currency: string | null;
}

type Row = Record<string, string | number | null | undefined>;

async function expectedLedger(ex: Executor): Promise<Row[]> {
  const docs = await queryRows<Doc>(
    ex,
    sql`select cil.id as invoice_line_id, ci.id as invoice_id, ci.kind, ci.company_id, ci.client_id,
          cil.request_id, cil.line_id, cil.account_type, to_char(ci.issue_date, 'YYYY-MM-DD') as issue_date,
          to_char(cil.service_date_from, 'YYYY-MM-DD') as service_date_from, ci.currency,
          cil.amount::text as amount, ci.base_currency, ci.rate::text as rate, ci.rate_set_id,
          req.cost::text as cost, req.cost_currency,
          si.id as bill_id, si.currency as bill_currency, sil.amount::text as bill_line_amount, si.rate::text as bill_rate,
          si.rate_set_id as bill_rate_set_id, si.base_currency as bill_base_currency
        from client_invoices ci
        join client_invoice_lines cil on cil.invoice_id = ci.id
        join request_lines req on req.id = cil.line_id
        left join (supplier_invoice_lines sil join supplier_invoices si on si.id = sil.bill_id)
          on sil.line_id = cil.line_id`,
  );
  const records = await queryRows<{
    rate_set_id: number;
    from: string;
    to: string;
    rate: string;
    rate_sell: string;
    rate_buy: string;
  }>(
    ex,
    sql`select rate_set_id, original_currency as from, target_currency as to, rate::text as rate,
          rate_sell::text as rate_sell, rate_buy::text as rate_buy from exchange_rates`,
  );
  const sets = new Map<number, RateLike[]>();
  for (const r of records)
    sets.set(r.rate_set_id, [
      ...(sets.get(r.rate_set_id) ?? []),
      {
        original_currency: { named: r.from },
        target_currency: { named: r.to },
        rate: r.rate,
        rate_sell: r.rate_sell,
        rate_buy: r.rate_buy,
      },
    ]);
  const rateOf = (set: number, from: string, to: string, side: 'sell' | 'buy') => {
    const found = findRate(sets.get(set) ?? [], from, to, side);
    if (!found) throw new Error(`set ${set} has no ${side} ${from}→${to}`);
    return new D(found.rate);
  };
  // in the document's own currency the document's (signed) amount; in the base the base amount;
  // in the others the base at the set's headline (sell) rate
  const spread = (
    prefix: string,
    set: number,
    base: string,
    amount: D,
    own: { currency: string; amount: D },
  ) =>
    Object.fromEntries(
      CCYS.map((c) => {
        const ccy = c.toUpperCase();
        const value =
          ccy === own.currency
            ? own.amount
            : ccy === base
              ? amount
              : amount.times(rateOf(set, base, ccy, 'sell'));
        return [`${prefix}_${c}`, r2(value)];
      }),
    );
  return docs.map((d) => {
    const sign = d.kind === 'credit_note' ? -1 : 1;
    const salesBase = new D(r2(new D(d.amount).times(d.rate)));
    let cost: Row;
    if (d.bill_id !== null) {
      const inBillBase = new D(r2(new D(d.bill_line_amount!).times(d.bill_rate!))).times(sign);
      const inBase =
        d.bill_base_currency === d.base_currency
          ? inBillBase
          : inBillBase.times(rateOf(d.bill_rate_set_id!, d.bill_base_currency!, d.base_currency, 'sell'));
      cost = {
        cost_base: r2(inBase),
        cost_source: 'bill',
        bill_id: d.bill_id,
        ...spread('cost', d.bill_rate_set_id!, d.bill_base_currency!, inBillBase, {
          currency: d.bill_currency!,
          amount: new D(d.bill_line_amount!).times(sign),
        }),
      };
    } else {
      const inBase = new D(
        r2(new D(d.cost).times(rateOf(d.rate_set_id, d.cost_currency, d.base_currency, 'buy'))),
      ).times(sign);
      cost = {
        cost_base: r2(inBase),
        cost_source: new D(d.cost).isZero() ? 'none' : 'estimated',
        bill_id: null,
        ...spread('cost', d.rate_set_id, d.base_currency, inBase, {
          currency: d.cost_currency,
          amount: new D(d.cost).times(sign),
        }),
      };
    }
    return {
      invoice_line_id: d.invoice_line_id,
      invoice_id: d.invoice_id,
      kind: d.kind,
      company_id: d.company_id,
      client_id: d.client_id,
      request_id: d.request_id,
      line_id: d.line_id,
      account_type: d.account_type,
      invoice_date: d.issue_date,
      service_date: d.service_date_from ?? d.issue_date,
      currency: d.currency,
      sales: r2(new D(d.amount)),
      base_currency: d.base_currency,
      sales_base: r2(salesBase),
      ...spread('sales', d.rate_set_id, d.base_currency, salesBase, {
        currency: d.currency,
        amount: new D(d.amount),
      }),
      ...cost,
    };
  });
}

const FIGURES = [
  'sales',
  'sales_base',
  'cost_base',
  ...CCYS.map((c) => `sales_${c}`),
  ...CCYS.map((c) => `cost_${c}`),
] as const;

/** The expected ledger summed per key (both bases), zero groups left out; money to 2 places. */
function summed(rows: Row[], keyOf: (r: Row, basis: string, month: string) => Row): Row[] {
  const groups = new Map<
    string,
    { key: Row; sums: D[]; lines: number; estimated: number; negative: number }
  >();
  for (const r of rows)
    for (const basis of ['service', 'invoice']) {
      const date = String(basis === 'service' ? r.service_date : r.invoice_date);
      const key = keyOf(r, basis, `${date.slice(0, 7)}-01`);
      const id = JSON.stringify(key);
      const g = groups.get(id) ?? {
        key,
        sums: FIGURES.map(() => new D(0)),
        lines: 0,
        estimated: 0,
        negative: 0,
      };
      groups.set(id, g);
      FIGURES.forEach((f, i) => {
        g.sums[i] = g.sums[i]!.plus(String(r[f]));
      });
      g.lines += 1;
      if (r.cost_source === 'estimated') g.estimated += 1;
      if (r.kind === 'invoice' && new D(String(r.sales_base)).lessThan(String(r.cost_base))) g.negative += 1;
    }
  return [...groups.values()].map((g) => ({
    ...g.key,
    ...Object.fromEntries(FIGURES.map((f, i) => [f, r2(g.sums[i]!)])),
    lines: g.lines,
    estimated_lines: g.estimated,
    negative_lines: g.negative,
  }));
}

/** Stored sums, money normalised to 2 places, rows summing to nothing (all deltas undone) left out. */
async function storedSums(ex: Executor, table: 'sales_month_sums' | 'client_month_sums', keys: string[]) {
  const rows = await queryRows<Row>(
    ex,
    sql`select ${sql.raw(keys.map((k) => (k === 'month' ? `to_char(month, 'YYYY-MM-DD') as month` : k)).join(', '))},
          ${sql.raw(FIGURES.map((f) => `${f}::text as ${f}`).join(', '))}, lines, estimated_lines, negative_lines
        from ${sql.raw(table)}`,
  );
  return rows
    .map((r) => ({
      ...r,
      ...Object.fromEntries(FIGURES.map((f) => [f, r2(new D(String(r[f])))])),
    }))
    .filter(
      (r) =>
        r.lines !== 0 ||
        r.estimated_lines !== 0 ||
        r.negative_lines !== 0 ||
        FIGURES.some((f) => r[f] !== '0.00'),
    );
}

const sortBy = (keys: string[]) => (a: Row, b: Row) => {
  for (const k of keys) {
    const x = a[k] as string | number;
    const y = b[k] as string | number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

export async function expectSalesLedgerConsistent(ex: Executor): Promise<number> {
  const expected = await expectedLedger(ex);
  const stored = await queryRows<Row>(
    ex,
    sql`select invoice_line_id, invoice_id, kind, company_id, client_id, request_id, line_id, account_type,
          to_char(invoice_date, 'YYYY-MM-DD') as invoice_date, to_char(service_date, 'YYYY-MM-DD') as service_date,
          currency, sales::text as sales, base_currency, sales_base::text as sales_base,
          cost_base::text as cost_base, cost_source, bill_id,
          ${sql.raw(CCYS.map((c) => `sales_${c}::text as sales_${c}, cost_${c}::text as cost_${c}`).join(', '))}
        from sales_ledger`,
  );
  const byLine = sortBy(['invoice_line_id']);
  expect(stored.sort(byLine), 'sales_ledger rows').toEqual(expected.sort(byLine));

  const salesKeys = ['basis', 'month', 'company_id', 'account_type', 'currency'];
  const salesStored = await storedSums(ex, 'sales_month_sums', [...salesKeys, 'base_currency']);
  const salesExpected = summed(expected, (r, basis, month) => ({
    basis,
    month,
    company_id: r.company_id,
    account_type: r.account_type,
    currency: r.currency,
    base_currency: r.base_currency,
  }));
  expect(salesStored.sort(sortBy(salesKeys)), 'sales_month_sums').toEqual(
    salesExpected.sort(sortBy(salesKeys)),
  );

  const clientKeys = ['basis', 'month', 'client_id', 'company_id'];
  const clientStored = await storedSums(ex, 'client_month_sums', clientKeys);
  const clientExpected = summed(expected, (r, basis, month) => ({
    basis,
    month,
    client_id: r.client_id,
    company_id: r.company_id,
  }));
  expect(clientStored.sort(sortBy(clientKeys)), 'client_month_sums').toEqual(
    clientExpected.sort(sortBy(clientKeys)),
  );
  return stored.length;
}
