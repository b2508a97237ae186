import { findRate, RATE_CURRENCIES, type RateLike } from '@app/shared';
import { Decimal } from 'decimal.js';
import { AppError } from '../../platform/errors.ts';

/**
 * The sales ledger's derivation (decision 0012, lead's amendments): from one client invoice or
 * credit note line, its document's stamp, its request line and the bill line (if any), the row the
 * ledger holds. Pure: the repository loads the sources and the rate sets, this computes.
 *
 * Rounding: every figure is an exact product rounded once, half away from zero, to 2 places (what
 * `invoice-issue.service.ts` does for `total_base`, and what PostgreSQL's `round(x, 2)` does, so a
 * bulk SQL fill can reproduce it). Per line, so a credit note line is exactly its line negated; the
 * line bases of an invoice need not add up to its `total_base` (issuing rounds the total once and
 * allocates nothing): reports sum the lines, and the lines are reproducible.
 */

/** Exact decimals (40 digits: no product of two NUMERIC(18,x) is rounded before we round it). */
const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof Dec>;

/** The currencies every row carries its sales and cost in (`sales_gbp`, `cost_aed`, …). */
export const LEDGER_CURRENCIES = RATE_CURRENCIES;
type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];
const column = (c: LedgerCurrency) => c.toLowerCase() as Lowercase<LedgerCurrency>;

/** One client invoice line with everything its ledger row depends on (numbers as text). */
export interface LedgerSource {
  invoice_line_id: number;
  invoice_id: number;
  kind: 'invoice' | 'credit_note';
  company_id: number;
  client_id: number;
  /** The invoice line's own request (an invoice may sell lines of several requests). */
  request_id: number;
  line_id: number;
  account_type: string;
  issue_date: string;
  service_date_from: string | null;
  currency: string;
  /** The line's amount, negative on a credit note. */
  amount: string;
  base_currency: string;
  /** The invoice's stamp: its sell rate currency → base and the set it came from. */
  rate: string;
  rate_set_id: number;
  /** The request line's cost, for an estimate while no bill has it. */
  line_cost: string;
  line_cost_currency: string;
  /** The bill line of the request line, its bill's currency and stamp; null while it is not billed. */
  bill: {
    bill_id: number;
    currency: string;
    amount: string;
    rate: string;
    rate_set_id: number;
    base_currency: string;
  } | null;
}

/** A row of `sales_ledger` as written (money as 2-place text). */
export interface LedgerRow {
  invoice_line_id: number;
  invoice_id: number;
  kind: 'invoice' | 'credit_note';
  company_id: number;
  client_id: number;
  request_id: number;
  line_id: number;
  account_type: string;
  invoice_date: string;
  service_date: string;
  currency: string;
  sales: string;
  base_currency: string;
  sales_base: string;
  cost_base: string;
  cost_source: 'bill' | 'estimated' | 'none';
  bill_id: number | null;
  sales_gbp: string;
  sales_usd: string;
  sales_eur: string;
  sales_aed: string;
  cost_gbp: string;
  cost_usd: string;
  cost_eur: string;
  cost_aed: string;
}

/** The records of each rate set a source names, by set id. */
export type LedgerRateSets = ReadonlyMap<number, readonly RateLike[]>;

/** Round once, half away from zero, to 2 places; never '-0.00'. */
export const money = (value: Dec): string => {
  const text = value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return text === '-0.00' ? '0.00' : text;
};
const times = (amount: string | Dec, rate: string | Dec): Dec => new Dec(amount).times(rate);

/**
 * The rate from one currency to another in a stamped set, to the 6 places rates are stored with.
 * A set that cannot convert (a pair deleted from it after it stamped the document) refuses the
 * write rather than putting a wrong figure in the books: every set the dialog saves has all pairs.
 */
export function ledgerRate(
  sets: LedgerRateSets,
  setId: number,
  from: string,
  to: string,
  side: 'sell' | 'buy',
): Dec {
  if (from === to) return new Dec(1);
  const found = findRate(sets.get(setId) ?? [], from, to, side);
  if (!found)
    throw new AppError(
      'NO_RATE_SET',
      `The rate set ${setId} stamped on the document has no ${side} rate from ${from} to ${to}: the sales ledger cannot value it.`,
      { rule: true },
    );
  return new Dec(found.rate).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
}

/** A figure as its document states it: the amount (signed) and the document's currency. */
interface OwnFigure {
  currency: string;
  amount: Dec;
}

/**
 * A figure in each ledger currency. In the document's own currency it is the document's amount
 * (an invoice line's amount, a bill line's, a request line's cost: a report run in the invoice
 * currency equals the invoices); in the base it is the base amount; in the other currencies the
 * base amount at the stamped set's `rate` (the sell side, the record's headline `rate`: the figure
 * the rate dialog shows and the converter uses, and the side the invoice's own stamp uses; a set
 * has no mid rate), the same lookup for sales and cost.
 */
export function inCurrencies(
  sets: LedgerRateSets,
  setId: number,
  base: string,
  amount: string,
  own?: OwnFigure,
): Record<Lowercase<LedgerCurrency>, string> {
  const out = {} as Record<Lowercase<LedgerCurrency>, string>;
  for (const c of LEDGER_CURRENCIES)
    out[column(c)] =
      c === own?.currency
        ? money(own.amount)
        : c === base
          ? money(new Dec(amount))
          : money(times(amount, ledgerRate(sets, setId, base, c, 'sell')));
  return out;
}

/**
 * The cost of the sold request line, in the invoice's base and in the four currencies:
 * - billed: the bill line's amount at the bill's stamped (buy) rate, rounded as the bill rounds its
 *   `amount_base`; in the bill's currency the bill line's amount, in the others from that base at
 *   the bill's set. A bill's company is the request's, so its base is the invoice's; should a
 *   company's base have changed in between, the bill's base amount is carried to the invoice's base
 *   at the bill's set (sell side, as above).
 * - estimated (no bill yet): the request line's cost at the buy rate cost currency → base of the
 *   invoice's set (supplier costs are bought: DOMAIN.md); in the cost currency the cost itself, in
 *   the others from that base at that set.
 * - none: no bill and a cost of 0 (a membership fee, a free service): there is nothing a supplier
 *   will invoice, so it is no exception.
 * A credit note line reverses its line: the cost is negated, with the same source.
 */
function costOf(src: LedgerSource, sets: LedgerRateSets) {
  const sign = src.kind === 'credit_note' ? -1 : 1;
  if (src.bill) {
    const b = src.bill;
    const billBase = new Dec(money(times(b.amount, b.rate))).times(sign);
    const base =
      b.base_currency === src.base_currency
        ? billBase
        : new Dec(
            money(
              billBase.times(ledgerRate(sets, b.rate_set_id, b.base_currency, src.base_currency, 'sell')),
            ),
          );
    return {
      cost_base: money(base),
      cost_source: 'bill' as const,
      bill_id: b.bill_id,
      converted: inCurrencies(sets, b.rate_set_id, b.base_currency, billBase.toFixed(2), {
        currency: b.currency,
        amount: new Dec(b.amount).times(sign),
      }),
    };
  }
  const rate = ledgerRate(sets, src.rate_set_id, src.line_cost_currency, src.base_currency, 'buy');
  const base = new Dec(money(times(src.line_cost, rate))).times(sign);
  return {
    cost_base: money(base),
    cost_source: new Dec(src.line_cost).isZero() ? ('none' as const) : ('estimated' as const),
    bill_id: null,
    converted: inCurrencies(sets, src.rate_set_id, src.base_currency, base.toFixed(2), {
      currency: src.line_cost_currency,
      amount: new Dec(src.line_cost).times(sign),
    }),
  };
}

/** The ledger row of one invoice or credit note line. */
export function deriveLedgerRow(src: LedgerSource, sets: LedgerRateSets): LedgerRow {
  const salesBase = money(times(src.amount, src.rate));
  const sales = inCurrencies(sets, src.rate_set_id, src.base_currency, salesBase, {
    currency: src.currency,
    amount: new Dec(src.amount),
  });
  const cost = costOf(src, sets);
  return {
    invoice_line_id: src.invoice_line_id,
    invoice_id: src.invoice_id,
    kind: src.kind,
    company_id: src.company_id,
    client_id: src.client_id,
    request_id: src.request_id,
    line_id: src.line_id,
    account_type: src.account_type,
    invoice_date: src.issue_date,
    service_date: src.service_date_from ?? src.issue_date,
    currency: src.currency,
    sales: money(new Dec(src.amount)),
    base_currency: src.base_currency,
    sales_base: salesBase,
    cost_base: cost.cost_base,
    cost_source: cost.cost_source,
    bill_id: cost.bill_id,
    sales_gbp: sales.gbp,
    sales_usd: sales.usd,
    sales_eur: sales.eur,
    sales_aed: sales.aed,
    cost_gbp: cost.converted.gbp,
    cost_usd: cost.converted.usd,
    cost_eur: cost.converted.eur,
    cost_aed: cost.converted.aed,
  };
}

/** The figures a month sum adds up, in `sales_month_sums` / `client_month_sums` column order. */
export const SUM_FIGURES = [
  'sales',
  'sales_base',
  'cost_base',
  'sales_gbp',
  'sales_usd',
  'sales_eur',
  'sales_aed',
  'cost_gbp',
  'cost_usd',
  'cost_eur',
  'cost_aed',
] as const;
export type SumFigure = (typeof SUM_FIGURES)[number];

/** The counts a month sum keeps: rows, rows with an estimated cost, invoice rows below cost. */
export interface SumCounts {
  lines: number;
  estimated_lines: number;
  negative_lines: number;
}

/**
 * A negative margin is an invoice line sold below its cost in base; a credit note line never is
 * one (it reverses a sale: Fin-Report's exceptions list invoice lines only).
 */
export const isNegative = (r: Pick<LedgerRow, 'kind' | 'sales_base' | 'cost_base'>): boolean =>
  r.kind === 'invoice' && new Dec(r.sales_base).lessThan(r.cost_base);

export const countsOf = (
  r: Pick<LedgerRow, 'kind' | 'sales_base' | 'cost_base' | 'cost_source'>,
): SumCounts => ({
  lines: 1,
  estimated_lines: r.cost_source === 'estimated' ? 1 : 0,
  negative_lines: isNegative(r) ? 1 : 0,
});

/** `2026-03-17` → `2026-03-01`: the month a date sums into. */
export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

export type SumBasis = 'service' | 'invoice';
export const SUM_BASES: readonly SumBasis[] = ['service', 'invoice'];
export const dateOfBasis = (r: Pick<LedgerRow, 'service_date' | 'invoice_date'>, basis: SumBasis) =>
  basis === 'service' ? r.service_date : r.invoice_date;

/** A change to one month-sum row: its key and the signed differences of its figures and counts. */
export interface SumDelta<K> {
  key: K;
  /** The base of the rows (a company's; `sales_month_sums` keeps it beside its key). */
  base_currency: string;
  figures: Record<SumFigure, string>;
  counts: SumCounts;
}

/**
 * Sums signed ledger rows into month-sum deltas keyed by `keyOf` (one key per basis); groups whose
 * every figure and count nets to zero are left out (a re-sync that changed nothing writes nothing).
 */
export function sumDeltas<K>(
  rows: ReadonlyArray<{ row: LedgerRow; sign: 1 | -1 }>,
  keyOf: (row: LedgerRow, basis: SumBasis) => K,
): SumDelta<K>[] {
  const groups = new Map<
    string,
    { key: K; base_currency: string; figures: Record<SumFigure, Dec>; counts: SumCounts }
  >();
  for (const { row, sign } of rows) {
    const counts = countsOf(row);
    for (const basis of SUM_BASES) {
      const key = keyOf(row, basis);
      const id = JSON.stringify(key);
      let g = groups.get(id);
      if (!g) {
        g = {
          key,
          base_currency: row.base_currency,
          figures: Object.fromEntries(SUM_FIGURES.map((f) => [f, new Dec(0)])) as Record<SumFigure, Dec>,
          counts: { lines: 0, estimated_lines: 0, negative_lines: 0 },
        };
        groups.set(id, g);
      }
      for (const f of SUM_FIGURES) g.figures[f] = g.figures[f].plus(new Dec(row[f]).times(sign));
      g.counts.lines += counts.lines * sign;
      g.counts.estimated_lines += counts.estimated_lines * sign;
      g.counts.negative_lines += counts.negative_lines * sign;
    }
  }
  return [...groups.values()]
    .filter(
      (g) =>
        SUM_FIGURES.some((f) => !g.figures[f].isZero()) ||
        g.counts.lines !== 0 ||
        g.counts.estimated_lines !== 0 ||
        g.counts.negative_lines !== 0,
    )
    .map((g) => ({
      key: g.key,
      base_currency: g.base_currency,
      figures: Object.fromEntries(SUM_FIGURES.map((f) => [f, money(g.figures[f])])) as Record<
        SumFigure,
        string
      >,
      counts: g.counts,
    }));
}

/** The key of a `sales_month_sums` row (Fin-Report's grain). */
export interface SalesSumKey {
  basis: SumBasis;
  month: string;
  company_id: number;
  account_type: string;
  currency: string;
}
export const salesSumKey = (r: LedgerRow, basis: SumBasis): SalesSumKey => ({
  basis,
  month: monthOf(dateOfBasis(r, basis)),
  company_id: r.company_id,
  account_type: r.account_type,
  currency: r.currency,
});

/** The key of a `client_month_sums` row (the Clients report's grain). */
export interface ClientSumKey {
  basis: SumBasis;
  month: string;
  client_id: number;
  company_id: number;
}
export const clientSumKey = (r: LedgerRow, basis: SumBasis): ClientSumKey => ({
  basis,
  month: monthOf(dateOfBasis(r, basis)),
  client_id: r.client_id,
  company_id: r.company_id,
});
