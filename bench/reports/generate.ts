/**
 * Fills a database for the reports bench, on top of the banking bench's data
 * (`bench/banking/generate.ts`, itself on `bench/accounting/generate.ts`): requests still being
 * booked, so the request lines reach `serviceLines`; payment deadlines and their vouchers on lines
 * without a bill (the supplier side of Debts); LOG records with their events (LOG-report); then the
 * sales ledger and its two month tables (Fin-Report and Clients), derived in SQL the way
 * `salesLedgerRepository` derives them in code. `ledgerMismatches` checks the promise: a sample of
 * ledger rows equals the writer's own derivation, and the month tables equal the ledger grouped.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { salesLedgerRepository } from '../../apps/server/src/modules/accounting/sales-ledger.repository.ts';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

export interface ReportsSize {
  requests: number;
  serviceLines: number;
  invoices: number;
  invoiceLines: number;
  bills: number;
  transactions: number;
  allocations: number;
  vouchers: number;
  logRecords: number;
  logEvents: number;
  ledger: number;
}

export async function reportsSize(db: Db): Promise<ReportsSize> {
  const [r] = await rowsOf<ReportsSize>(
    db.execute(sql`select (select count(*)::int from requests) as "requests",
      (select count(*)::int from request_lines) as "serviceLines",
      (select count(*)::int from client_invoices) as "invoices",
      (select count(*)::int from client_invoice_lines) as "invoiceLines",
      (select count(*)::int from supplier_invoices) as "bills",
      (select count(*)::int from bank_transactions) as "transactions",
      (select count(*)::int from allocations) as "allocations",
      (select count(*)::int from payment_vouchers) as "vouchers",
      (select count(*)::int from log_records) as "logRecords",
      (select count(*)::int from log_events) as "logEvents",
      (select count(*)::int from sales_ledger) as "ledger"`),
  );
  return r!;
}

/** The pipeline's requests: created in the last 60 days, departing in the coming months, not invoiced. */
const PIPELINE_LINES = 4;

/**
 * Requests of PIPELINE_LINES lines each, made after the documented ones, until the request lines
 * number `serviceLines`: bookings under way (lines open, Confirmed, a few Canceled), none invoiced.
 */
export async function generatePipeline(db: Db, serviceLines: number, today: string): Promise<number> {
  const [have] = await rowsOf<{ lines: number; max: number }>(
    db.execute(sql`select (select count(*)::int from request_lines) as lines,
      (select coalesce(max(id), 0)::int from requests) as max`),
  );
  const count = Math.ceil(Math.max(0, serviceLines - have!.lines) / PIPELINE_LINES);
  if (count === 0) return 0;
  const from = have!.max + 1;
  const to = have!.max + count;
  await db.execute(sql`
    with ids as (
      select n, (${today}::date - 60 + ((n - ${from}::int)::bigint * 60 / ${count}::int)::int) as day,
        (select array_agg(id order by id) from companies where code in ('BSLF', 'TPRO', 'AIRS')) as cos,
        (select array_agg(code order by id) from companies where code in ('BSLF', 'TPRO', 'AIRS')) as codes,
        (select array_agg(base_currency order by id) from companies where code in ('BSLF', 'TPRO', 'AIRS')) as bases,
        (select array_agg(id order by id) from clients where archived_at is null) as cls,
        (select array_agg(id order by id) from users where role in ('FO', 'Admin')) as fos,
        (select array_agg(id order by id) from users where role in ('BO', 'Admin')) as bos,
        (select array_agg(id order by id) from regions) as regs
      from generate_series(${from}::int, ${to}::int) as n
    )
    insert into requests (id, number, kind, company_id, year, seq, client_id, fo_manager_id, bo_manager_id,
      region_id, base_currency, status, has_invoice, search_vector, created_at, updated_at)
    select n, codes[1 + n % 3] || '-' || extract(year from day) || '-' || n, 'service', cos[1 + n % 3],
      extract(year from day), n, cls[1 + (n::bigint * 7919) % array_length(cls, 1)],
      fos[1 + n % array_length(fos, 1)], bos[1 + n % array_length(bos, 1)], regs[1 + n % array_length(regs, 1)],
      bases[1 + n % 3], case when n % 3 = 0 then 'Confirmed' else 'In progress' end, false, ''::tsvector, day, day
    from ids`);
  await db.execute(sql`
    with req as (
      select r.id, r.created_at::date as day,
        (select array_agg(id order by id) from suppliers where archived_at is null) as sups
      from requests r where r.id between ${from} and ${to}
    ), l as (
      select req.id as request_id, k, req.day, req.sups,
        (array['Hotel','Transportation','Air tickets','Private jet','Other'])[1 + (req.id + k) % 5] as t
      from req cross join generate_series(1, ${PIPELINE_LINES}::int) as k
    )
    insert into request_lines (request_id, position, service_type, service_subtype, supplier_id, date_from, date_to,
      pax, account_type, cost, cost_currency, sell, sell_currency, payment_method, status, hotel_name, route,
      created_at, updated_at)
    select request_id, k, t, case when t = 'Other' then 'Yacht Charter' end,
      sups[1 + (request_id * 31 + k * 17) % array_length(sups, 1)],
      day + 30 + (request_id % 90) + k, day + 34 + (request_id % 90) + k, 1 + request_id % 4,
      (array['Toms EU','Toms non EU','Disbursement'])[1 + (request_id + k) % 3],
      (800 + (request_id * 37 + k * 101) % 9000 + ((request_id + k) % 100) / 100.0)::numeric(18, 2),
      (array['GBP','EUR','USD','AED'])[1 + (request_id + k) % 4],
      (1000 + (request_id * 41 + k * 97) % 9500 + ((request_id * 3 + k) % 100) / 100.0)::numeric(18, 2),
      (array['GBP','EUR','USD','AED'])[1 + request_id % 4],
      (array['Deposit','Stripe','Wire','Cash'])[1 + k % 4],
      case when request_id % 3 = 0 then 'Confirmed' when k = 4 and request_id % 11 = 0 then 'Canceled'
        when k <= 2 then 'Confirmed' end,
      case when t = 'Hotel' then 'The Savoy' end, case when t = 'Air tickets' then 'LHR-DXB' end, day, day
    from l`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('requests', 'id'), (select max(id) from requests))`,
  );
  await db.execute(sql`
    insert into request_counters (company_id, year, last_number)
    select company_id, year, max(seq) from requests group by company_id, year
    on conflict (company_id, year) do update set last_number = excluded.last_number`);
  return count;
}

/**
 * Two deadlines and their vouchers (the supplier's payment schedule) on every fifth line without a
 * bill booked in the last 75 days (the pipeline's and the newest invoiced requests'): a prepayment a
 * week after booking and the final payment before departure, in the line's cost currency. Vouchers
 * due within a month are approved. None is paid: a paid voucher is a bank line and its allocation,
 * and older deadlines are left out instead, as paid ones would be (Debts reads the open ones, and
 * allocations dated after its day, which the bills already have).
 */
export async function generateVouchers(db: Db, today: string): Promise<void> {
  await db.execute(sql`
    insert into line_deadlines (line_id, request_id, type, due_date, amount, created_at)
    select l.id, l.request_id, p.type,
      case when p.type = 'Prepayment' then l.created_at::date + 7 else greatest(l.created_at::date + 8, l.date_from - 14) end,
      case when p.type = 'Prepayment' then round(l.cost * 0.3, 2) else l.cost - round(l.cost * 0.3, 2) end,
      l.created_at
    from request_lines l
      cross join (values ('Prepayment'), ('Final payment')) as p(type)
    where l.created_at >= ${today}::date - 75 and l.supplier_id is not null and l.cost > 1
      and l.id % 5 = 0 and coalesce(l.status, '') <> 'Canceled'
      and not exists (select 1 from supplier_invoice_lines b where b.line_id = l.id)`);
  await db.execute(sql`
    insert into payment_vouchers (deadline_id, line_id, request_id, supplier_id, company_id, type, due_date, amount,
      currency, approved_at, approved_by, created_at, updated_at)
    select d.id, d.line_id, d.request_id, l.supplier_id, r.company_id, d.type, d.due_date, d.amount, l.cost_currency,
      case when d.due_date <= ${today}::date + 30 then d.created_at + interval '1 day' end,
      case when d.due_date <= ${today}::date + 30 then (select min(id) from users where role = 'Accountant') end,
      d.created_at, d.created_at
    from line_deadlines d join request_lines l on l.id = d.line_id join requests r on r.id = d.request_id
    where not exists (select 1 from payment_vouchers v where v.deadline_id = d.id)`);
}

/**
 * A LOG record for five requests of six among the invoiced ones (BO hands the request over about
 * when its invoice goes out): submitted, then for one in seven sent for correction and resubmitted
 * (one in 23 twice), confirmed a few days later unless it is among the last month's, which wait
 * NEW or sit sent back. Events carry every step, as the LOG service writes them.
 */
export async function generateLog(db: Db, today: string): Promise<void> {
  await db.execute(sql`drop table if exists bench_log`);
  // The last step: confirmed after the corrections; else the last resubmission, or (every other
  // one) left sent back.
  await db.execute(sql`
    create table bench_log as
    select x.*, case when x.confirmed then 2 * x.corrections + 1
        when x.corrections > 0 and x.request_id % 2 = 0 then 2 * x.corrections - 1
        else 2 * x.corrections end as last
    from (
      select r.id as request_id, r.created_at + interval '22 days' + (r.id % 600) * interval '1 minute' as submitted,
        case when r.id % 23 = 0 then 2 when r.id % 7 = 0 then 1 else 0 end as corrections,
        r.created_at::date + 22 < ${today}::date - 30 or r.id % 4 = 0 as confirmed
      from requests r
      where r.has_invoice and r.id % 6 <> 0 and r.created_at::date + 22 <= ${today}::date
    ) x`);
  // Steps: 0 submitted, then (sent back, resubmitted) per correction, then confirmed; a day apart.
  await db.execute(sql`drop table if exists bench_log_steps`);
  await db.execute(sql`
    create table bench_log_steps as
    select b.request_id, s.step, s.step = b.last as is_last,
      case when s.step = 0 then 'submitted' when b.confirmed and s.step = b.last then 'confirmed'
        when s.step % 2 = 1 then 'sent_for_correction' else 'resubmitted' end as action,
      least(b.submitted + s.step * interval '26 hours', ${today}::date + interval '8 hours') as at,
      case when s.step % 2 = 0 then u.bos[1 + b.request_id % array_length(u.bos, 1)]
        else u.accs[1 + b.request_id % array_length(u.accs, 1)] end as user_id
    from bench_log b
      cross join (select (select array_agg(id order by id) from users where role in ('BO', 'Admin')) as bos,
        (select array_agg(id order by id) from users where role in ('Accountant', 'Admin')) as accs) u
      cross join lateral generate_series(0, b.last) as s(step)`);
  await db.execute(sql`create index on bench_log_steps (request_id, step)`);
  await db.execute(sql`
    insert into log_records (request_id, status, submitted_by, submitted_at, reviewed_by, reviewed_at, comment,
      created_at, updated_at, version)
    select b.request_id,
      case last.action when 'confirmed' then 'CONFIRM' when 'sent_for_correction' then 'SENT FOR CORRECTION' else 'NEW' end,
      sub.user_id, sub.at, rev.user_id, rev.at,
      case when b.corrections > 0 then 'Supplier invoice missing for line 2' end,
      first.at, last.at, 1 + last.step
    from bench_log b
      join bench_log_steps last on last.request_id = b.request_id and last.is_last
      join bench_log_steps first on first.request_id = b.request_id and first.step = 0
      join lateral (select * from bench_log_steps s where s.request_id = b.request_id and s.step % 2 = 0
        order by step desc limit 1) sub on true
      left join lateral (select * from bench_log_steps s where s.request_id = b.request_id and s.step % 2 = 1
        order by step desc limit 1) rev on true
    order by first.at, b.request_id`);
  await db.execute(sql`
    insert into log_events (log_id, action, status, comment, user_id, created_at)
    select r.id, s.action,
      case s.action when 'confirmed' then 'CONFIRM' when 'sent_for_correction' then 'SENT FOR CORRECTION' else 'NEW' end,
      case when s.action = 'sent_for_correction' then 'Supplier invoice missing for line 2' end, s.user_id, s.at
    from bench_log_steps s join log_records r on r.request_id = s.request_id
    order by s.at, r.id, s.step`);
  await db.execute(sql`drop table bench_log_steps`);
  await db.execute(sql`drop table bench_log`);
}

const CURRENCIES = ['GBP', 'USD', 'EUR', 'AED'] as const;
const lower = (c: string) => c.toLowerCase();

/**
 * Each rate set's rates from every currency to each of the four (`gbp_sell`, …, `aed_buy`), read
 * as `findRate` reads them: the same currency is 1, else the set's first record from → to. The
 * bench's sets (the rates seed, as the dialog saves them) hold every ordered pair directly, so the
 * reciprocal and cross routes never apply; a set used by a document that lacks one refuses the fill.
 */
export async function setRates(db: Db): Promise<void> {
  const pick = (to: string, side: 'rate' | 'rate_buy') =>
    sql.raw(`case when c.named = '${to}' then 1 else (select e.${side} from exchange_rates e
      where e.rate_set_id = s.id and e.original_currency = c.named and e.target_currency = '${to}'
      order by e.id limit 1) end as ${lower(to)}_${side === 'rate' ? 'sell' : 'buy'}`);
  await db.execute(sql`drop table if exists bench_set_rates`);
  await db.execute(sql`
    create table bench_set_rates as
    select s.id as set_id, c.named as src,
      ${sql.join(
        CURRENCIES.flatMap((to) => [pick(to, 'rate'), pick(to, 'rate_buy')]),
        sql`, `,
      )}
    from rate_sets s cross join (select unnest(array['GBP', 'USD', 'EUR', 'AED']) as named) c
    where s.id in (select rate_set_id from client_invoices union select rate_set_id from supplier_invoices)`);
  await db.execute(sql`create unique index on bench_set_rates (set_id, src)`);
  const [gaps] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from bench_set_rates
      where ${sql.raw(CURRENCIES.flatMap((c) => [`${lower(c)}_sell is null`, `${lower(c)}_buy is null`]).join(' or '))}`),
  );
  if (gaps!.n)
    throw new Error(
      `${gaps!.n} (set, currency) rows lack a direct rate: the bulk ledger fill reads direct pairs only`,
    );
}

/** `rates.<to>_<side>` for a currency held in a column (the base), as one expression. */
const rateTo = (rates: string, to: string, side: 'sell' | 'buy') =>
  sql.raw(
    `case ${to} ${CURRENCIES.map((c) => `when '${c}' then ${rates}.${lower(c)}_${side}`).join(' ')} end`,
  );

const LEDGER_COLUMNS = sql.raw(`invoice_line_id, invoice_id, kind, company_id, client_id, request_id, line_id,
  account_type, invoice_date, service_date, currency, sales, base_currency, sales_base, cost_base, cost_source,
  bill_id, sales_gbp, sales_usd, sales_eur, sales_aed, cost_gbp, cost_usd, cost_eur, cost_aed`);
const FIGURES = [
  'sales',
  'sales_base',
  'cost_base',
  ...CURRENCIES.map((c) => `sales_${lower(c)}`),
  ...CURRENCIES.map((c) => `cost_${lower(c)}`),
];
const COUNTS = ['lines', 'estimated_lines', 'negative_lines'];
/** The month sums of ledger rows (both bases), grouped by `keys`: figures summed, rows counted as `countsOf` does. */
const sumsOf = (keys: readonly string[], ledger: string) =>
  `select b.basis, date_trunc('month', case b.basis when 'service' then l.service_date else l.invoice_date end)::date
      as month, ${keys.map((k) => `l.${k}`).join(', ')}, ${FIGURES.map((f) => `sum(l.${f}) as ${f}`).join(', ')},
      count(*)::int as lines, (count(*) filter (where l.cost_source = 'estimated'))::int as estimated_lines,
      (count(*) filter (where l.kind = 'invoice' and l.sales_base < l.cost_base))::int as negative_lines
    from ${ledger} l cross join (values ('service'), ('invoice')) as b(basis)
    group by 1, 2, ${keys.map((k) => `l.${k}`).join(', ')}`;

/** The two month tables: their key, and the columns beside the key a group carries. */
const SUMS = [
  {
    table: 'sales_month_sums',
    key: ['basis', 'month', 'company_id', 'account_type', 'currency'],
    keys: ['company_id', 'account_type', 'currency', 'base_currency'],
  },
  {
    table: 'client_month_sums',
    key: ['basis', 'month', 'client_id', 'company_id'],
    keys: ['client_id', 'company_id'],
  },
] as const;

/**
 * The rows `deriveLedgerRow` (`sales-ledger.facts.ts`) makes, for the invoice lines of invoices
 * `from`..`to`: sales at the invoice's stamped rate; cost from the bill line at the bill's rate, or
 * else estimated from the request line's cost at the invoice set's buy rate (cost currency → base);
 * a credit note's cost negated; sales and cost in each currency: in the document's own currency
 * its amount (the invoice line's, the bill line's, the request line's cost), in the others from the
 * base at the set's sell (headline) rate, the invoice's set for sales and estimated cost, the
 * bill's for billed cost (the base itself in the base currency: the diagonal rate is 1). Every
 * figure an exact product rounded once to 2 places, half away from zero (`round(x, 2)`).
 */
export const derivedRows = (from: number, to: number) => sql`
  with src as (
    select l.id as invoice_line_id, l.invoice_id, i.kind, i.company_id, i.client_id, l.request_id, l.line_id,
      l.account_type, i.issue_date as invoice_date, coalesce(l.service_date_from, i.issue_date) as service_date,
      i.currency, l.amount as sales, i.base_currency, round(l.amount * i.rate, 2) as sales_base, i.rate_set_id,
      b.id as bill_id, rl.cost as line_cost, case when b.id is null then i.rate_set_id else b.rate_set_id end as cost_set,
      case when b.id is null then i.base_currency else b.base_currency end as cost_own_base,
      -- the cost as its document states it (the bill line's, or the request line's cost), signed
      case when b.id is null then rl.cost_currency else b.currency end as cost_doc_currency,
      case when i.kind = 'credit_note' then -1 else 1 end * coalesce(bl.amount, rl.cost) as cost_doc,
      case when i.kind = 'credit_note' then -1 else 1 end
        * case when b.id is not null then round(bl.amount * b.rate, 2)
            else round(rl.cost * ${rateTo('eb', 'i.base_currency', 'buy')}, 2) end as cost_own
    from client_invoice_lines l
      join client_invoices i on i.id = l.invoice_id
      join request_lines rl on rl.id = l.line_id
      -- the bill line and its bill joined first: a line without a bill is one null, not a hash bucket
      -- of a hundred thousand (which spilled a batch of the fill for a minute)
      left join (supplier_invoice_lines bl join supplier_invoices b on b.id = bl.bill_id) on bl.line_id = l.line_id
      left join bench_set_rates eb on eb.set_id = i.rate_set_id and eb.src = rl.cost_currency
    where l.invoice_id between ${from}::int and ${to}::int
  )
  select s.invoice_line_id, s.invoice_id, s.kind, s.company_id, s.client_id, s.request_id, s.line_id, s.account_type,
    s.invoice_date, s.service_date, s.currency, s.sales, s.base_currency, s.sales_base,
    case when s.cost_own_base = s.base_currency then s.cost_own
      else round(s.cost_own * ${rateTo('cr', 's.base_currency', 'sell')}, 2) end,
    case when s.bill_id is not null then 'bill' when s.line_cost = 0 then 'none' else 'estimated' end, s.bill_id,
    ${sql.raw(
      CURRENCIES.map(
        (c) =>
          `case when s.currency = '${c}' then s.sales else round(s.sales_base * sr.${lower(c)}_sell, 2) end`,
      ).join(', '),
    )},
    ${sql.raw(
      CURRENCIES.map(
        (c) =>
          `case when s.cost_doc_currency = '${c}' then s.cost_doc else round(s.cost_own * cr.${lower(c)}_sell, 2) end`,
      ).join(', '),
    )}
  from src s
    join bench_set_rates sr on sr.set_id = s.rate_set_id and sr.src = s.base_currency
    join bench_set_rates cr on cr.set_id = s.cost_set and cr.src = s.cost_own_base`;

/** Adds a batch's month sums to a sums table the way the writer's `upsertSums` does: insert, or add. */
async function upsertSums(db: Db, sums: (typeof SUMS)[number], ledger: string) {
  const columns = ['basis', 'month', ...sums.keys, ...FIGURES, ...COUNTS].join(', ');
  const moved = [...FIGURES, ...COUNTS].map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');
  await db.execute(
    sql.raw(`insert into ${sums.table} as t (${columns})
      select * from (${sumsOf(sums.keys, ledger)}) x order by ${sums.key.join(', ')}
      on conflict (${sums.key.join(', ')}) do update set ${moved}`),
  );
}

/** The secondary indexes of the ledger, dropped while loading and built again after (faster). */
async function ledgerIndexes(db: Db) {
  return rowsOf<{ name: string; def: string }>(
    db.execute(sql`select indexname as name, indexdef as def from pg_indexes
      where tablename = 'sales_ledger' and indexname <> 'sales_ledger_pkey'`),
  );
}

/**
 * Fills the sales ledger from every invoice and credit note line, a batch of invoices at a time,
 * and adds each batch's month sums to both month tables as the writer upserts them.
 */
export async function fillSalesLedger(db: Db, log: (line: string) => void): Promise<void> {
  const spent = new Map<string, number>();
  const timed = async (name: string, work: () => Promise<unknown>) => {
    const t0 = Date.now();
    await work();
    spent.set(name, (spent.get(name) ?? 0) + Date.now() - t0);
  };
  // Fresh statistics, or the planner joins a million lines by nested loops.
  await timed('analyze', async () => {
    for (const table of [
      'client_invoices',
      'client_invoice_lines',
      'request_lines',
      'supplier_invoice_lines',
      'supplier_invoices',
    ])
      await db.execute(sql.raw(`analyze ${table}`));
  });
  await setRates(db);
  await db.execute(sql`drop table if exists bench_ledger`);
  await db.execute(sql`create table bench_ledger (like sales_ledger)`);
  const indexes = await ledgerIndexes(db);
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  const [max] = await rowsOf<{ id: number }>(
    db.execute(sql`select coalesce(max(id), 0)::int as id from client_invoices`),
  );
  for (let from = 1; from <= max!.id; from += 50_000) {
    const to = from + 49_999;
    await db.execute(sql`truncate bench_ledger`);
    await timed('derived', () =>
      db.execute(sql`insert into bench_ledger (${LEDGER_COLUMNS}) ${derivedRows(from, to)}`),
    );
    await timed('ledger', () =>
      db.execute(
        sql`insert into sales_ledger (${LEDGER_COLUMNS}) select ${LEDGER_COLUMNS} from bench_ledger order by invoice_line_id`,
      ),
    );
    for (const sums of SUMS) await timed(sums.table, () => upsertSums(db, sums, 'bench_ledger'));
    log(`  ledger: invoices up to ${Math.min(to, max!.id)} of ${max!.id}`);
  }
  await timed('indexes', async () => {
    for (const index of indexes) await db.execute(sql.raw(index.def));
  });
  await db.execute(sql`drop table bench_ledger`);
  await db.execute(sql`drop table bench_set_rates`);
  log(`    (${[...spent].map(([name, t]) => `${name} ${(t / 1000).toFixed(1)} s`).join(', ')})`);
}

type StoredRow = Record<string, string | number | null>;

/**
 * The generator's promise, checked at scale: no invoice line lacks its ledger row; a sample of
 * ledger rows (spread over the table, plus credit note lines, billed and estimated costs in every
 * currency) equals what the writer derives for them (`salesLedgerRepository.deriveRows`, the code
 * the services write with); and both month tables, built batch by batch as the writer upserts,
 * equal the whole ledger grouped (`select … group by`), both ways. Answers what differs.
 */
export async function ledgerMismatches(
  db: Db,
  log: (line: string) => void,
  sample = 3000,
): Promise<string[]> {
  const differing: string[] = [];
  const [orphans] = await rowsOf<{ missing: number; lines: number }>(
    db.execute(sql`select (select count(*)::int from client_invoice_lines l
        where not exists (select 1 from sales_ledger s where s.invoice_line_id = l.id)) as missing,
      (select count(*)::int from client_invoice_lines) as lines`),
  );
  if (orphans!.missing) differing.push(`${orphans!.missing} invoice lines without a ledger row`);

  const step = Math.max(1, Math.floor(orphans!.lines / sample));
  const ids = (
    await rowsOf<{ id: number }>(
      db.execute(sql`select invoice_line_id as id from sales_ledger
        where invoice_line_id % ${step}::int = 0
          or (kind = 'credit_note' and invoice_line_id % ${step}::int < 20)
          or (cost_source = 'bill' and currency <> base_currency and invoice_line_id % ${step}::int = 1)
        order by 1`),
    )
  ).map((r) => r.id);
  const stored = new Map<number, StoredRow>();
  for (const r of await rowsOf<StoredRow>(
    db.execute(sql`select invoice_line_id, invoice_id, kind, company_id, client_id, request_id, line_id,
        account_type, invoice_date::text as invoice_date, service_date::text as service_date, currency,
        base_currency, cost_source, bill_id, ${sql.raw(FIGURES.map((f) => `${f}::text as ${f}`).join(', '))}
      from sales_ledger where invoice_line_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`),
  ))
    stored.set(Number(r.invoice_line_id), r);
  let compared = 0;
  let equal = 0;
  const kinds = { credit_note: 0, bill: 0, estimated: 0, none: 0 };
  for (let i = 0; i < ids.length; i += 500) {
    for (const want of await salesLedgerRepository.deriveRows(db, ids.slice(i, i + 500))) {
      const have = stored.get(want.invoice_line_id);
      const wrong = Object.entries(want).filter(([k, v]) => String(v) !== String(have?.[k]));
      if (wrong.length === 0) equal++;
      else
        differing.push(
          `ledger row ${want.invoice_line_id}: ${wrong.map(([k, v]) => `${k} generated ${have?.[k]}, writer ${v}`).join('; ')}`,
        );
      compared++;
      if (want.kind === 'credit_note') kinds.credit_note++;
      kinds[want.cost_source]++;
    }
  }
  if (compared !== ids.length) differing.push(`the writer derived ${compared} of ${ids.length} sampled rows`);
  log(
    `  ${equal} of ${compared} sampled ledger rows equal the writer's derivation (${kinds.credit_note} credit note lines, ${kinds.bill} billed, ${kinds.estimated} estimated, ${kinds.none} nothing to bill); ${orphans!.lines} invoice lines, none without its row`,
  );

  for (const sums of SUMS) {
    const columns = ['basis', 'month', ...sums.keys, ...FIGURES, ...COUNTS].join(', ');
    const [n] = await rowsOf<{ kept: number; extra: number; missing: number }>(
      db.execute(
        sql.raw(`with kept as (select ${columns} from ${sums.table}), summed as (${sumsOf(sums.keys, 'sales_ledger')})
          select (select count(*)::int from kept) as kept,
            (select count(*)::int from (select * from kept except select * from summed) a) as extra,
            (select count(*)::int from (select * from summed except select * from kept) b) as missing`),
      ),
    );
    if (n!.extra || n!.missing)
      differing.push(
        `${sums.table}: ${n!.extra} rows unlike the ledger grouped, ${n!.missing} groups of the ledger unlike its rows`,
      );
    else log(`  ${sums.table}: all ${n!.kept} rows equal the whole ledger grouped by ${sums.key.join(', ')}`);
  }
  return differing;
}
