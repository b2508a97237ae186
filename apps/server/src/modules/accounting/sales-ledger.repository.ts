import type { RateLike } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assertPeriodOpen } from './period-locks.guard.ts';
import {
  clientSumKey,
  deriveLedgerRow,
  type LedgerRateSets,
  type LedgerRow,
  type LedgerSource,
  SUM_FIGURES,
  type SumDelta,
  salesSumKey,
  sumDeltas,
} from './sales-ledger.facts.ts';

/** A list of ids as one JSON parameter (any length, the same on PGlite and PostgreSQL). */
const idList = (ids: readonly number[]) =>
  sql`(select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** The columns of a ledger row, in table order. */
const LEDGER_COLUMNS = [
  'invoice_line_id',
  'invoice_id',
  'kind',
  'company_id',
  'client_id',
  'request_id',
  'line_id',
  'account_type',
  'invoice_date',
  'service_date',
  'currency',
  'sales',
  'base_currency',
  'sales_base',
  'cost_base',
  'cost_source',
  'bill_id',
  'sales_gbp',
  'sales_usd',
  'sales_eur',
  'sales_aed',
  'cost_gbp',
  'cost_usd',
  'cost_eur',
  'cost_aed',
] as const satisfies ReadonlyArray<keyof LedgerRow>;

const INT_COLUMNS = new Set([
  'invoice_line_id',
  'invoice_id',
  'company_id',
  'client_id',
  'request_id',
  'line_id',
  'bill_id',
]);
const DATE_COLUMNS = new Set(['invoice_date', 'service_date']);
const NUMERIC_COLUMNS = new Set<string>(['sales', 'sales_base', 'cost_base', ...SUM_FIGURES]);
const typeOf = (c: string) =>
  INT_COLUMNS.has(c) ? 'int' : DATE_COLUMNS.has(c) ? 'date' : NUMERIC_COLUMNS.has(c) ? 'numeric' : 'text';

const raw = (parts: readonly string[]) => sql.raw(parts.join(', '));
const ledgerColumns = raw(LEDGER_COLUMNS);
const ledgerRecord = raw(LEDGER_COLUMNS.map((c) => `${c} ${typeOf(c)}`));
/** A stored row as the facts give it: dates and money as text. */
const ledgerAsText = raw(
  LEDGER_COLUMNS.map((c) => (DATE_COLUMNS.has(c) || NUMERIC_COLUMNS.has(c) ? `${c}::text as ${c}` : c)),
);
const ledgerUpdate = raw(
  LEDGER_COLUMNS.filter((c) => c !== 'invoice_line_id').map((c) => `${c} = excluded.${c}`),
);
const ledgerChanged = sql.raw(
  `(${LEDGER_COLUMNS.map((c) => `s.${c}`).join(', ')}) is distinct from (${LEDGER_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`,
);

/** Every source of a ledger row (`LedgerSource`) for the invoice lines `where` selects. */
async function sourcesWhere(ex: Executor, where: SQL): Promise<LedgerSource[]> {
  const rows = await queryRows<Omit<LedgerSource, 'bill'> & Record<`bill_${string}`, unknown>>(
    ex,
    sql`select l.id as invoice_line_id, l.invoice_id, i.kind, i.company_id, i.client_id, l.request_id, l.line_id,
          l.account_type, i.issue_date::text as issue_date, l.service_date_from::text as service_date_from,
          i.currency, l.amount::text as amount, i.base_currency, i.rate::text as rate, i.rate_set_id,
          rl.cost::text as line_cost, rl.cost_currency as line_cost_currency,
          b.id as bill_id, b.currency as bill_currency, bl.amount::text as bill_amount, b.rate::text as bill_rate,
          b.rate_set_id as bill_rate_set_id, b.base_currency as bill_base_currency
        from client_invoice_lines l
        join client_invoices i on i.id = l.invoice_id
        join request_lines rl on rl.id = l.line_id
        left join supplier_invoice_lines bl on bl.line_id = l.line_id
        left join supplier_invoices b on b.id = bl.bill_id
        where ${where}
        order by l.id`,
  );
  return rows.map(
    ({ bill_id, bill_currency, bill_amount, bill_rate, bill_rate_set_id, bill_base_currency, ...r }) => ({
      ...r,
      bill:
        bill_id == null
          ? null
          : {
              bill_id: Number(bill_id),
              currency: bill_currency as string,
              amount: bill_amount as string,
              rate: bill_rate as string,
              rate_set_id: Number(bill_rate_set_id),
              base_currency: bill_base_currency as string,
            },
    }),
  );
}

/**
 * The records of the rate sets the sources are stamped with (the invoices' and the bills'). No row
 * locks: a writer holds `holdRateSets` (shared) from before it reads, and a change of a set's
 * records holds it exclusively (`withLedgerOfRateSet`), so they cannot change under a writer.
 */
async function rateSetsOf(ex: Executor, sources: readonly LedgerSource[]): Promise<LedgerRateSets> {
  const ids = [
    ...new Set(sources.flatMap((s) => (s.bill ? [s.rate_set_id, s.bill.rate_set_id] : [s.rate_set_id]))),
  ];
  const rows = await queryRows<{
    rate_set_id: number;
    original_currency: string;
    target_currency: string;
    rate: string;
    rate_sell: string;
    rate_buy: string;
  }>(
    ex,
    sql`select rate_set_id, original_currency, target_currency, rate::text as rate, rate_sell::text as rate_sell,
          rate_buy::text as rate_buy
        from exchange_rates where rate_set_id in ${idList(ids)} order by id`,
  );
  const sets = new Map<number, RateLike[]>();
  for (const r of rows) {
    const list = sets.get(r.rate_set_id) ?? [];
    list.push({
      original_currency: { named: r.original_currency },
      target_currency: { named: r.target_currency },
      rate: r.rate,
      rate_sell: r.rate_sell,
      rate_buy: r.rate_buy,
    });
    sets.set(r.rate_set_id, list);
  }
  return sets;
}

async function derive(ex: Executor, where: SQL): Promise<LedgerRow[]> {
  const sources = await sourcesWhere(ex, where);
  if (sources.length === 0) return [];
  const sets = await rateSetsOf(ex, sources);
  return sources.map((s) => deriveLedgerRow(s, sets));
}

/**
 * The advisory lock between the ledger's writers and a change of a rate set's records (decision
 * 0012; a constant of its own beside the rates module's `RATE_SETS_LOCK` 727301, so a new set does
 * not wait for writers). Writers take it shared, before any other lock the ledger takes (request
 * lines, rate records, ledger rows, sums), and hold it to their commit; a correction or a pair
 * deletion takes it exclusively, first, and re-derives the set's rows with no writer between its
 * read and its commit. Neither side then waits for the other while holding what the other needs:
 * a correction takes no request line locks at all, and a writer waiting for the correction holds
 * no ledger row, sum or rate record yet.
 */
export const LEDGER_RATES_LOCK = 727_312;

async function holdRateSets(ex: Executor): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock_shared(${sql.raw(String(LEDGER_RATES_LOCK))})`);
}

/**
 * Row locks on the request lines, in id order. Every writer of a ledger row holds the locks of the
 * request lines it sells, then reads the sources in a later statement: a bill recorded and an
 * invoice issued for the same line queue, and the second sees the first's rows (READ COMMITTED
 * takes a snapshot per statement). Issuing, crediting, bills and line edits already hold them, in
 * the same order (requests, then lines): this is a no-op for them and the guarantee for the rest.
 */
async function lockRequestLines(ex: Executor, lineIds: SQL): Promise<void> {
  await ex.execute(sql`select id from request_lines where id in ${lineIds} order by id for update`);
}

/**
 * Writes the rows, and moves both month sums by (new − old): one statement reads the old rows
 * (locked) and upserts the new ones in key order, skipping rows that did not change; the deltas are
 * summed here (decimal.js) and upserted in primary-key order, so two writers of the same month
 * queue on the sum rows instead of deadlocking.
 */
async function write(ex: Executor, rows: readonly LedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  const incoming = JSON.stringify(rows);
  // `written` reads `prev` first (its scalar subquery), so the lock and the read see the old rows.
  const prev = await queryRows<LedgerRow>(
    ex,
    sql`with incoming as (
          select * from jsonb_to_recordset(${incoming}::jsonb) as x(${ledgerRecord})
        ), prev as (
          select ${ledgerAsText} from sales_ledger
          where invoice_line_id in (select invoice_line_id from incoming)
          order by invoice_line_id for update
        ), written as (
          insert into sales_ledger as s (${ledgerColumns})
          select ${ledgerColumns} from incoming where (select count(*) from prev) >= 0
          order by invoice_line_id
          on conflict (invoice_line_id) do update set ${ledgerUpdate} where ${ledgerChanged}
          returning 1
        )
        select prev.*, (select count(*) from written) as written from prev`,
  );
  const changes = [
    ...prev.map((row) => ({ row, sign: -1 as const })),
    ...rows.map((row) => ({ row, sign: 1 as const })),
  ];
  await upsertSums(ex, 'sales_month_sums', sumDeltas(changes, salesSumKey), [
    'basis',
    'month',
    'company_id',
    'account_type',
    'currency',
  ]);
  await upsertSums(ex, 'client_month_sums', sumDeltas(changes, clientSumKey), [
    'basis',
    'month',
    'client_id',
    'company_id',
  ]);
}

/** Adds the deltas to a month-sum table: new keys inserted, existing ones moved, in key order. */
async function upsertSums<K extends object>(
  ex: Executor,
  table: 'sales_month_sums' | 'client_month_sums',
  deltas: readonly SumDelta<K>[],
  key: readonly string[],
): Promise<void> {
  if (deltas.length === 0) return;
  const extra = table === 'sales_month_sums' ? ['base_currency'] : [];
  const counts = ['lines', 'estimated_lines', 'negative_lines'];
  const columns = [...key, ...extra, ...SUM_FIGURES, ...counts];
  const record = columns.map(
    (c) =>
      `${c} ${c === 'month' ? 'date' : c.endsWith('_id') || counts.includes(c) ? 'int' : (SUM_FIGURES as readonly string[]).includes(c) ? 'numeric' : 'text'}`,
  );
  const payload = deltas.map((d) => ({
    ...d.key,
    base_currency: d.base_currency,
    ...d.figures,
    ...d.counts,
  }));
  // the base beside the key follows the latest write (a company's base may be changed)
  const moved = [...SUM_FIGURES, ...counts]
    .map((c) => `${c} = t.${c} + excluded.${c}`)
    .concat(extra.map((c) => `${c} = excluded.${c}`));
  await ex.execute(sql`
    insert into ${sql.raw(table)} as t (${raw(columns)})
    select ${raw(columns)} from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(${raw(record)})
    order by ${raw(key)}
    on conflict (${raw(key)}) do update set ${raw(moved)}`);
}

/** The invoice lines valued with a rate set: by their invoice or their bill. */
const stampedWith = (setId: number) => sql`
  select l.id from client_invoice_lines l join client_invoices i on i.id = l.invoice_id
  where i.rate_set_id = ${setId}
  union
  select l.id from supplier_invoices b join supplier_invoice_lines bl on bl.bill_id = b.id
  join client_invoice_lines l on l.line_id = bl.line_id
  where b.rate_set_id = ${setId}`;

/** The invoice lines whose derived row differs from the stored one (or has none yet). */
async function changedLines(ex: Executor, rows: readonly LedgerRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const differs = sql.raw(
    `(${LEDGER_COLUMNS.map((c) => `s.${c}`).join(', ')}) is distinct from (${LEDGER_COLUMNS.map((c) => `x.${c}`).join(', ')})`,
  );
  const changed = await queryRows<{ id: number }>(
    ex,
    sql`select x.invoice_line_id as id
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${ledgerRecord})
        left join sales_ledger s on s.invoice_line_id = x.invoice_line_id
        where ${differs}`,
  );
  return changed.map((r) => Number(r.id));
}

/**
 * A change of a rate set moves the figures of the documents it valued; a document dated in a
 * closed month (period locks, decision 0011) keeps its figures: the change is refused, naming the
 * first such month and company. The date that counts is the issue date of whichever document the
 * set is stamped on, the invoice (its sales, its estimated cost) or the bill (its billed cost).
 */
async function refuseClosedMonths(ex: Executor, setId: number, lineIds: readonly number[]): Promise<void> {
  if (lineIds.length === 0) return;
  const ids = idList(lineIds);
  const stamped = await queryRows<{ company_id: number; dates: string[] }>(
    ex,
    sql`select company_id, array_agg(distinct to_char(issue_date, 'YYYY-MM-DD')) as dates from (
          select i.company_id, i.issue_date from client_invoice_lines l
          join client_invoices i on i.id = l.invoice_id
          where l.id in ${ids} and i.rate_set_id = ${setId}
          union
          select b.company_id, b.issue_date from client_invoice_lines l
          join supplier_invoice_lines bl on bl.line_id = l.line_id
          join supplier_invoices b on b.id = bl.bill_id
          where l.id in ${ids} and b.rate_set_id = ${setId}
        ) d group by company_id order by company_id`,
  );
  for (const { company_id, dates } of stamped) {
    try {
      await assertPeriodOpen(ex, company_id, ...dates);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'PERIOD_LOCKED') throw error;
      throw new AppError(
        'PERIOD_LOCKED',
        `Rate set ${setId} values documents dated in a closed month, whose figures this change would move: ${error.message}.`,
        { rule: true },
      );
    }
  }
}

/**
 * Keeps the sales ledger and its month sums (`sales-ledger.table.ts`, decision 0012) in step with
 * the documents, in the writer's transaction: a call re-derives the rows it names from the
 * documents and their stamped rate sets (`sales-ledger.facts.ts`) and writes the difference.
 * Callers: issuing (`syncInvoice`), crediting (the credit note's `syncInvoice`), recording, editing
 * and undoing a bill, and editing a request line's cost (`syncRequestLines`: every invoice and
 * credit note line selling those request lines); a change of a rate set (`syncRateSet`).
 */
export const salesLedgerRepository = {
  /** Re-derives the ledger rows of an invoice's or credit note's lines. */
  async syncInvoice(ex: Executor, invoiceId: number): Promise<void> {
    await holdRateSets(ex);
    await lockRequestLines(
      ex,
      sql`(select line_id from client_invoice_lines where invoice_id = ${invoiceId})`,
    );
    await write(ex, await derive(ex, sql`l.invoice_id = ${invoiceId}`));
  },

  /** Re-derives the ledger rows selling these request lines (a bill recorded, edited or removed). */
  async syncRequestLines(ex: Executor, lineIds: readonly number[]): Promise<void> {
    if (lineIds.length === 0) return;
    const ids = idList([...new Set(lineIds)]);
    await holdRateSets(ex);
    await lockRequestLines(ex, ids);
    await write(ex, await derive(ex, sql`l.line_id in ${ids}`));
  },

  /**
   * The request lines' row locks, in id order (a bill edit takes the lines it drops and adds at
   * once, before it changes them), after the rate sets' shared lock every writer takes first.
   */
  async lockRequestLines(ex: Executor, lineIds: readonly number[]): Promise<void> {
    if (lineIds.length === 0) return;
    await holdRateSets(ex);
    await lockRequestLines(ex, idList([...new Set(lineIds)]));
  },

  /**
   * The rows the writer would write for these invoice lines, without writing (nor locking): what a
   * bulk fill (the bench) is compared against. Ordered by invoice line id.
   */
  deriveRows(ex: Executor, invoiceLineIds: readonly number[]): Promise<LedgerRow[]> {
    if (invoiceLineIds.length === 0) return Promise.resolve([]);
    return derive(ex, sql`l.id in ${idList(invoiceLineIds)}`);
  },

  /**
   * The exclusive side of `holdRateSets`, taken by a change of a rate set's records before it reads
   * or locks anything: every ledger writer under way finishes first, the next ones wait for the
   * change's commit and value their rows with the changed records.
   */
  async holdRateSetsExclusively(ex: Executor): Promise<void> {
    await ex.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(LEDGER_RATES_LOCK))})`);
  },

  /**
   * Re-derives every ledger row valued with this rate set, after a correction or a deletion of one
   * of its pairs (under `holdRateSetsExclusively`): the documents keep their own stamped rate, the
   * ledger's converted columns and estimated costs follow the set. Refused when a row that would
   * change belongs to a document dated in a closed month (`PERIOD_LOCKED`), or when the set can
   * no longer value a row (`NO_RATE_SET`). One write: a set is in force for days, so its rows are
   * a few thousand at most.
   */
  async syncRateSet(ex: Executor, setId: number): Promise<void> {
    const rows = await derive(ex, sql`l.id in (select id from (${stampedWith(setId)}) stamped)`);
    await refuseClosedMonths(ex, setId, await changedLines(ex, rows));
    await write(ex, rows);
  },
};
