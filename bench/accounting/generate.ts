/**
 * Fills a database for the accounting bench: `invoices` client invoices (1–5 lines each, every
 * 50th a credit note of the one before) and `bills` supplier invoices over two years up to today,
 * with the requests and request lines they are made from, written in SQL with generate_series
 * (set-based: 300,000 of each take a couple of minutes, not hours). Numbers follow the real series
 * (`TPRO-INV-2026-0007`, per company, kind and year, counters set after), payment and sending
 * states depend on the document's age (old ones mostly paid, some overdue), and the register rows
 * are derived the way `registerRepository` writes them: counterparty name and its folded sort key,
 * request numbers, and the search words (the counterparty's words folded in code, as
 * `searchVector` does, then number and request numbers split in SQL, plus the whole number).
 */
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../apps/server/src/db/client.ts';
import { registerRepository } from '../../apps/server/src/modules/accounting/register.repository.ts';
import { sortKey, words } from '../../apps/server/src/platform/full-text-search.ts';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

export interface AccountingSize {
  invoices: number;
  bills: number;
  register: number;
}

export async function accountingSize(db: Db): Promise<AccountingSize> {
  const [r] = await rowsOf<AccountingSize>(
    db.execute(sql`select (select count(*)::int from client_invoices) as invoices,
      (select count(*)::int from supplier_invoices) as bills,
      (select count(*)::int from document_register) as register`),
  );
  return r!;
}

const BATCH = 50_000;

/** Time spent per generating statement, summed over batches (printed by generateAccounting). */
const spent = new Map<string, number>();
async function timed<T>(name: string, work: Promise<T>): Promise<T> {
  const t0 = Date.now();
  const result = await work;
  spent.set(name, (spent.get(name) ?? 0) + Date.now() - t0);
  return result;
}
const DAYS = 730;

/** A request per document (its lines are what the invoice and the bill are made of). */
async function generateRequests(db: Db, count: number, today: string, log: (line: string) => void) {
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    // Request n is made on day n of the two years (what its invoice is dated from); 1 + n % 5 lines.
    await db.execute(sql`
      with ids as (
        select n, (${today}::date - ${DAYS}::int + (n::bigint * ${DAYS}::int / ${count}::int)::int) as day,
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
      select n, codes[1 + n % 3] || '-' || extract(year from day) || '-' || case when n < 100000 then lpad(n::text, 5, '0') else n::text end, 'service',
        cos[1 + n % 3], extract(year from day), n,
        cls[1 + (n::bigint * 7919) % array_length(cls, 1)],
        fos[1 + n % array_length(fos, 1)], bos[1 + n % array_length(bos, 1)], regs[1 + n % array_length(regs, 1)],
        bases[1 + n % 3], 'Confirmed', false, ''::tsvector, day - 20, day - 20
      from ids
    `);
    await db.execute(sql`
      with req as (
        select r.id, r.created_at::date as day,
          (select array_agg(id order by id) from suppliers where archived_at is null) as sups
        from requests r where r.id between ${from} and ${to}
      ), l as (
        select req.id as request_id, k, req.day, req.sups,
          (array['Hotel','Transportation','Air tickets','Private jet','Other'])[1 + (req.id + k) % 5] as t
        from req cross join lateral generate_series(1, 1 + req.id % 5) as k
      )
      insert into request_lines (request_id, position, service_type, service_subtype, supplier_id, date_from, date_to,
        pax, account_type, cost, cost_currency, sell, sell_currency, payment_method, status, hotel_name, route,
        created_at, updated_at)
      select request_id, k, t, case when t = 'Other' then 'Yacht Charter' end,
        sups[1 + (request_id * 31 + k * 17) % array_length(sups, 1)],
        day + 10 + k, day + 14 + k, 1 + request_id % 4,
        (array['Toms EU','Toms non EU','Disbursement'])[1 + (request_id + k) % 3],
        (800 + (request_id * 37 + k * 101) % 9000 + ((request_id + k) % 100) / 100.0)::numeric(18, 2),
        (array['GBP','EUR','USD','AED'])[1 + (request_id + k) % 4],
        (1000 + (request_id * 41 + k * 97) % 9500 + ((request_id * 3 + k) % 100) / 100.0)::numeric(18, 2),
        (array['GBP','EUR','USD','AED'])[1 + request_id % 4],
        (array['Deposit','Stripe','Wire','Cash'])[1 + k % 4], 'Confirmed',
        case when t = 'Hotel' then 'The Savoy' end, case when t = 'Air tickets' then 'LHR-DXB' end,
        day, day
      from l
    `);
    log(`  requests ${to} of ${count}`);
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('requests', 'id'), (select max(id) from requests))`,
  );
  await db.execute(sql`
    insert into request_counters (company_id, year, last_number)
    select company_id, year, max(seq) from requests group by company_id, year
    on conflict (company_id, year) do update set last_number = excluded.last_number`);
}

/**
 * Invoice n is issued from request n on its day with all its lines; every 50th document is instead
 * a credit note of invoice n - 1 (its lines reversed, the credit applied: both Paid), which leaves
 * request n's lines Confirmed. Older documents are mostly paid; some stay open past their due date.
 */
async function generateInvoices(db: Db, count: number, today: string, rateSet: number) {
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await timed(
      'headers',
      db.execute(sql`
      with src as (
        select n, case when n % 50 = 0 then 'credit_note' else 'invoice' end as kind,
          case when n % 50 = 0 then n - 1 else n end as req_id
        from generate_series(${from}::int, ${to}::int) as n
      ), doc as (
        select s.n, s.kind, r.id as request_id, r.company_id, r.client_id, r.base_currency,
          least(${today}::date, r.created_at::date + 20 + case when s.kind = 'credit_note' then 3 else 0 end) as issue,
          (select sum(l.sell) from request_lines l where l.request_id = r.id) as lines_total,
          (select min(l.sell_currency) from request_lines l where l.request_id = r.id) as currency,
          (s.n::bigint * 7919 + 13) % 100 as dice
        from src s join requests r on r.id = s.req_id
      ), last_seq as (
        -- aggregated before the first row is inserted: a lookup per row would walk back over the
        -- index entries this very statement is adding, invisible to it (quadratic)
        select company_id, kind, year, max(seq) as seq from client_invoices group by company_id, kind, year
      ), numbered as (
        select d.*, ${today}::date - d.issue as age,
          case when d.kind = 'invoice' then d.lines_total else -d.lines_total end as total,
          row_number() over (partition by d.company_id, d.kind, d.year order by d.n) + coalesce(ls.seq, 0) as seq
        from (select doc.*, extract(year from doc.issue)::int as year from doc) d
          left join last_seq ls on ls.company_id = d.company_id and ls.kind = d.kind and ls.year = d.year
      )
      insert into client_invoices (id, kind, number, company_id, year, seq, client_id, request_id, credits_invoice_id,
        reason, currency, issue_date, due_date, total, base_currency, rate_set_id, rate, total_base, settled_amount,
        sent_at, sent_to, bill_to, seller, created_at, updated_at)
      select n, kind,
        c.code || case when kind = 'invoice' then '-INV-' else '-CN-' end || year || '-' ||
          case when seq < 10000 then lpad(seq::text, 4, '0') else seq::text end,
        d.company_id, year, seq, client_id, request_id, case when kind = 'credit_note' then n - 1 end,
        case when kind = 'credit_note' then 'Booking canceled by the client' end,
        currency, issue, issue + case when n % 3 = 0 then 30 else 14 end, total, d.base_currency, ${rateSet}, 1, total,
        case
          when kind = 'credit_note' or (n + 1) % 50 = 0 then total
          when (age > 90 and dice < 85) or (age <= 90 and age > 14 and dice < 35) then total
          when dice >= 92 then round(total * 0.4, 2)
          else 0 end,
        case when kind = 'credit_note' or (age > 7 and dice % 20 <> 3) or dice < 50 then issue + interval '10 hours' end,
        case when kind = 'credit_note' or (age > 7 and dice % 20 <> 3) or dice < 50 then 'client@example.com' end,
        jsonb_build_object('name', 'Bench client'), jsonb_build_object('name', c.name),
        issue + interval '9 hours', issue + interval '9 hours'
      from numbered d join companies c on c.id = d.company_id
    `),
    );
    // An invoice's lines (credited ones marked), then each credit note's: the credited lines reversed.
    await timed(
      'lines',
      db.execute(sql`
      insert into client_invoice_lines (invoice_id, position, line_id, request_id, account_type, description,
        service_date_from, service_date_to, amount, credited_at)
      select i.id, l.position, l.id, l.request_id, l.account_type, l.service_type || ', ' || coalesce(l.hotel_name, l.route, 'as booked'),
        l.date_from, l.date_to, l.sell, case when (i.id + 1) % 50 = 0 then i.issue_date + 3 end
      from client_invoices i join request_lines l on l.request_id = i.request_id
      where i.id between ${from} and ${to} and i.kind = 'invoice'
      order by i.id, l.position
    `),
    );
    await timed(
      'credit lines',
      db.execute(sql`
      insert into client_invoice_lines (invoice_id, position, line_id, request_id, account_type, description,
        service_date_from, service_date_to, amount, reverses_line_id)
      select i.id, o.position, o.line_id, o.request_id, o.account_type, o.description,
        o.service_date_from, o.service_date_to, -o.amount, o.id
      from client_invoices i join client_invoice_lines o on o.invoice_id = i.credits_invoice_id
      where i.id between ${from} and ${to} and i.kind = 'credit_note'
      order by i.id, o.position
    `),
    );
    await timed(
      'applications',
      db.execute(sql`
      insert into credit_applications (credit_note_id, invoice_id, amount, created_at)
      select id, credits_invoice_id, -total, issue_date + interval '9 hours' from client_invoices
      where kind = 'credit_note' and id between ${from} and ${to}
    `),
    );
  }
  await timed(
    'sequence',
    db.execute(
      sql`select setval(pg_get_serial_sequence('client_invoices', 'id'), (select max(id) from client_invoices))`,
    ),
  );
  await timed(
    'counters',
    db.execute(sql`
    insert into invoice_counters (company_id, year, kind, last_number)
    select company_id, year, kind, max(seq) from client_invoices group by company_id, year, kind
    on conflict (company_id, year, kind) do update set last_number = excluded.last_number`),
  );
  // Lines on a live invoice are Invoiced; the rest stay Confirmed (can be invoiced again).
  await timed(
    'lines Invoiced',
    db.execute(sql`
    update request_lines l set status = 'Invoiced'
    from client_invoice_lines il
    where il.line_id = l.id and il.amount > 0 and il.credited_at is null`),
  );
  await timed(
    'requests Invoiced',
    db.execute(sql`
    update requests r set status = 'Invoiced', has_invoice = true
    where exists (select 1 from request_lines l where l.request_id = r.id and l.status = 'Invoiced')`),
  );
}

/** Bill n: the cost of request n's first line, from its supplier, dated a few days after the request. */
async function generateBills(db: Db, count: number, today: string, rateSet: number) {
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await db.execute(sql`
      with doc as (
        select n, r.company_id, r.base_currency, l.id as line_id, l.request_id, l.supplier_id, l.cost, l.cost_currency,
          least(${today}::date, r.created_at::date + 20 + n % 5) as issue, (n::bigint * 6007 + 29) % 100 as dice
        from generate_series(${from}::int, ${to}::int) as n
        join requests r on r.id = n
        join request_lines l on l.request_id = r.id and l.position = 1
      )
      insert into supplier_invoices (id, supplier_id, company_id, number, issue_date, due_date, currency, amount,
        lines_cost, difference_explanation, base_currency, rate_set_id, rate, amount_base, settled_amount,
        file_path, file_name, file_type, file_size, file_sha256, created_at, updated_at)
      select n, supplier_id, company_id,
        case n % 3 when 0 then 'INV-' || n when 1 then n || '/' || extract(year from issue) else 'SUP' || lpad(n::text, 7, '0') end,
        issue, issue + case when n % 2 = 0 then 30 else 7 end, cost_currency,
        cost + case when n % 20 = 0 then 25 else 0 end, cost,
        case when n % 20 = 0 then 'City tax billed on top' end,
        base_currency, ${rateSet}, 1, cost,
        case when (${today}::date - issue > 60 and dice < 88) or (${today}::date - issue > 20 and dice < 30)
          then cost + case when n % 20 = 0 then 25 else 0 end else 0 end,
        'bills/bench/' || n || '.pdf', 'bill-' || n || '.pdf', 'pdf', 24000, repeat('0', 64),
        issue + interval '11 hours', issue + interval '11 hours'
      from doc
    `);
    await db.execute(sql`
      insert into supplier_invoice_lines (bill_id, line_id, request_id, amount)
      select b.id, l.id, l.request_id, l.cost
      from supplier_invoices b join request_lines l on l.request_id = b.id and l.position = 1
      where b.id between ${from} and ${to}
    `);
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('supplier_invoices', 'id'), (select max(id) from supplier_invoices))`,
  );
}

/** Every client's and supplier's name, sort key and search words, folded in code as the writer does. */
export async function counterpartyWords(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists bench_counterparties`);
  await db.execute(sql`create table bench_counterparties (kind varchar(8), id integer, name varchar(220),
    sort varchar(220), words text[], primary key (kind, id))`);
  const people = await rowsOf<{ kind: string; id: number; name: string }>(
    db.execute(sql`select 'client' as kind, id, first_name || ' ' || last_name as name from clients
      union all select 'supplier', id, name from suppliers`),
  );
  for (let i = 0; i < people.length; i += 2000) {
    const rows = people.slice(i, i + 2000).map((p) => ({
      ...p,
      sort: sortKey(p.name).slice(0, 220),
      words: [...new Set(words(p.name))].map((w) => w.replace(/['\\]/g, '')),
    }));
    await db.execute(sql`
      insert into bench_counterparties (kind, id, name, sort, words)
      select x.kind, x.id, left(x.name, 220), x.sort, array(select jsonb_array_elements_text(x.words))
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(kind text, id int, name text, sort text, words jsonb)`);
  }
}

/**
 * The register, in issue-date order across both kinds (as documents arrive), each row what
 * `registerRepository.syncInvoice/syncBill` would write for its document.
 */
async function generateRegister(db: Db, today: string, log: (line: string) => void): Promise<void> {
  const docs = sql`
    select i.kind as doc_kind, i.id as doc_id, i.company_id, 'client' as counterparty_kind, i.client_id as counterparty_id,
      i.number, r.number as request_numbers, i.issue_date, i.due_date, i.currency, i.total, i.settled_amount,
      i.payment_status, i.sent_at is not null as sent
    from client_invoices i join requests r on r.id = i.request_id
    union all
    select 'bill', b.id, b.company_id, 'supplier', b.supplier_id, b.number, r.number, b.issue_date, b.due_date,
      b.currency, b.amount, b.settled_amount, b.payment_status, null
    from supplier_invoices b join requests r on r.id = b.id`;
  for (let from = -DAYS - 1; from <= 60; from += 60) {
    await db.execute(sql`
      insert into document_register (doc_kind, doc_id, company_id, counterparty_kind, counterparty_id,
        counterparty_name, counterparty_sort, number, request_numbers, issue_date, due_date, currency, total,
        settled_amount, payment_status, sent, search_vector)
      select d.doc_kind, d.doc_id, d.company_id, d.counterparty_kind, d.counterparty_id, p.name, p.sort, d.number,
        d.request_numbers, d.issue_date, d.due_date, d.currency, d.total, d.settled_amount, d.payment_status, d.sent,
        array_to_tsvector(array(select distinct w from unnest(
          p.words || regexp_split_to_array(lower(d.number || ' ' || d.request_numbers), '[^[:alnum:]]+')
            || array[replace(lower(d.number), '''', ''), lower(d.request_numbers)]) as w where w <> ''))
      from (${docs}) d join bench_counterparties p on p.kind = d.counterparty_kind and p.id = d.counterparty_id
      where d.issue_date >= ${today}::date + ${from}::int and d.issue_date < ${today}::date + ${from + 60}::int
      order by d.issue_date, d.doc_kind, d.doc_id
      on conflict (doc_kind, doc_id) do nothing
    `);
    log(`  register up to ${Math.min(from + 60, 0)} days from today`);
  }
}

/**
 * Adds the documents (and their requests) when the database has none; the directory (clients,
 * suppliers, companies) and a rate set must be there.
 */
export async function generateAccounting(
  db: Db,
  options: { invoices: number; bills: number; today: string; log: (line: string) => void },
): Promise<void> {
  const { invoices, bills, today, log } = options;
  const [set] = await rowsOf<{ id: number }>(db.execute(sql`select max(id) as id from rate_sets`));
  if (!set?.id) throw new Error('the accounting bench needs a rate set');
  let t = Date.now();
  const step = (what: string) => {
    log(`  ${what} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
  };
  await generateRequests(db, Math.max(invoices, bills), today, log);
  step('requests and lines');
  await generateInvoices(db, invoices, today, set.id);
  step(`${invoices} client invoices and their lines`);
  log(`    (${[...spent].map(([name, t]) => `${name} ${(t / 1000).toFixed(1)} s`).join(', ')})`);
  await generateBills(db, bills, today, set.id);
  step(`${bills} bills and their lines`);
  await counterpartyWords(db);
  await generateRegister(db, today, log);
  await db.execute(sql`drop table bench_counterparties`);
  // The totals' sums, as folding every writer's deltas would leave them.
  await db.execute(sql`
    insert into document_register_sums (currency, doc_kind, company_id, payment_status, sending, issue_month,
      due_month, count, total, open)
    select currency, doc_kind, company_id, payment_status,
      case when sent then 'Sent' when not sent then 'Not sent' else '' end,
      issue_date - (extract(day from issue_date)::int - 1), due_date - (extract(day from due_date)::int - 1),
      count(*), sum(total), sum(open_amount)
    from document_register group by 1, 2, 3, 4, 5, 6, 7`);
  step('register and its sums');
}

/**
 * The generator's promise, checked: for a sample of documents, the register row written here
 * equals the one `registerRepository` writes (synced in a transaction that is then rolled back).
 * Answers the number of rows that differ.
 */
export async function registerMismatches(db: Db, sample = 300): Promise<string[]> {
  const rowOf = (ex: Executor, kind: string, id: number) =>
    rowsOf<{ row: string }>(
      ex.execute(sql`select (to_jsonb(r) - 'id')::text as row from document_register r
        where doc_kind = ${kind} and doc_id = ${id}`),
    );
  const docs = await rowsOf<{ doc_kind: string; doc_id: number }>(
    db.execute(sql`select doc_kind, doc_id from document_register
      where id % greatest(1, (select count(*) from document_register) / ${sample}::int) = 0 limit ${sample}::int`),
  );
  const before = new Map<string, string>();
  for (const d of docs)
    before.set(`${d.doc_kind}:${d.doc_id}`, (await rowOf(db, d.doc_kind, d.doc_id))[0]!.row);
  const differing: string[] = [];
  const rollback = new Error('rollback');
  await db
    .transaction(async (tx) => {
      const ex = tx as unknown as Db;
      for (const d of docs) {
        if (d.doc_kind === 'bill') await registerRepository.syncBill(ex, d.doc_id);
        else await registerRepository.syncInvoice(ex, d.doc_id);
        const after = (await rowOf(ex, d.doc_kind, d.doc_id))[0]!.row;
        const key = `${d.doc_kind}:${d.doc_id}`;
        if (after !== before.get(key))
          differing.push(`${key}\n  generated ${before.get(key)}\n  written   ${after}`);
      }
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  // and the sums (+ deltas) per bucket equal the register summed, both ways
  const [sums] = await rowsOf<{ n: number }>(
    db.execute(sql`with kept as (
        select currency, doc_kind, company_id, payment_status, sending, issue_month, due_month,
          sum(count) as count, sum(total) as total, sum(open) as open
        from (select currency, doc_kind, company_id, payment_status, sending, issue_month, due_month, count, total, open
                from document_register_sums
              union all select currency, doc_kind, company_id, payment_status, sending, issue_month, due_month, count,
                total, open from document_register_deltas) b
        group by 1, 2, 3, 4, 5, 6, 7 having sum(count) <> 0
      ), summed as (
        select currency, doc_kind, company_id, payment_status,
          case when sent then 'Sent' when not sent then 'Not sent' else '' end as sending,
          issue_date - (extract(day from issue_date)::int - 1) as issue_month,
          due_date - (extract(day from due_date)::int - 1) as due_month,
          count(*) as count, sum(total) as total, sum(open_amount) as open
        from document_register group by 1, 2, 3, 4, 5, 6, 7
      )
      select (select count(*) from (select * from kept except select * from summed) a)::int
        + (select count(*) from (select * from summed except select * from kept) b)::int as n`),
  );
  if (sums?.n) differing.push(`${sums.n} buckets of the sums differ from the register summed`);
  return differing;
}

export const POOL_LINES = 20;
const POOL_NOTE = 'Accounting bench: issue pool';

export interface PoolRequest {
  request: number;
  lines: number[];
}

/**
 * Requests of POOL_LINES Confirmed GBP lines each for one client of BSLF, none invoiced yet: what
 * the issuing scenario invoices, one request per call. Adds requests until `count` are unused, and
 * the GBP Income bank issuing needs. Answers the unused ones.
 */
export async function issuePool(db: Db, count: number): Promise<PoolRequest[]> {
  const unused = () =>
    rowsOf<{ request: number; lines: number[] }>(
      db.execute(sql`select r.id as request, array_agg(l.id order by l.position) as lines
        from requests r join request_lines l on l.request_id = r.id
        where r.description = ${POOL_NOTE} and l.status = 'Confirmed'
        group by r.id having count(*) = ${POOL_LINES}::int order by r.id`),
    );
  const have = await unused();
  if (have.length >= count) return have.slice(0, count);
  await db.execute(sql`
    insert into banks (company_id, bank_name, account_name, account_number, swift, currency, type)
    select id, 'Coutts & Co', name, 'GB29NWBK60161331926819', 'COUTGB22', 'GBP', 'Income'
    from companies where code = 'BSLF'
      and not exists (select 1 from banks b where b.company_id = companies.id and b.currency = 'GBP'
        and b.type = 'Income' and b.archived_at is null)
    on conflict do nothing`);
  const [next] = await rowsOf<{ id: number; seq: number; set: number }>(
    db.execute(sql`select (select max(id) from requests) as id,
      (select coalesce(max(seq), 0) from requests r join companies c on c.id = r.company_id
        where c.code = 'BSLF' and r.year = extract(year from now())::int) as seq,
      (select max(id) from rate_sets) as set`),
  );
  const add = count - have.length;
  await db.execute(sql`
    insert into requests (id, number, kind, company_id, year, seq, client_id, region_id, description, base_currency,
      status, search_vector)
    select ${next!.id}::int + k, 'BSLF-' || extract(year from now())::int || '-' ||
        case when ${next!.seq}::int + k < 100000 then lpad((${next!.seq}::int + k)::text, 5, '0') else (${next!.seq}::int + k)::text end,
      'service', c.id, extract(year from now())::int, ${next!.seq}::int + k,
      (select min(id) from clients where archived_at is null), (select min(id) from regions), ${POOL_NOTE},
      c.base_currency, 'Confirmed', ''::tsvector
    from generate_series(1, ${add}::int) as k, companies c where c.code = 'BSLF'`);
  await db.execute(sql`
    insert into request_lines (request_id, position, service_type, supplier_id, date_from, date_to, pax, account_type,
      cost, cost_currency, sell, sell_currency, payment_method, status, hotel_name, room_type, meal,
      rate_set_id, sell_rate, cost_rate, sell_base, cost_base)
    select r.id, k, case when k % 4 = 0 then 'Transportation' else 'Hotel' end,
      (select min(id) from suppliers where archived_at is null), current_date + k, current_date + k + 3, 2,
      case when k % 5 = 0 then 'Disbursement' when k % 2 = 0 then 'Toms non EU' else 'Toms EU' end,
      (500 + k * 37)::numeric(18, 2), 'GBP', (650 + k * 41 + k / 100.0)::numeric(18, 2), 'GBP', 'Wire', 'Confirmed',
      case when k % 4 <> 0 then 'Claridge’s' end, case when k % 4 <> 0 then 'Deluxe suite' end,
      case when k % 4 <> 0 then 'Bed and breakfast' end,
      ${next!.set}::int, 1, 1, (650 + k * 41 + k / 100.0)::numeric(18, 2), (500 + k * 37)::numeric(18, 2)
    from requests r cross join generate_series(1, ${POOL_LINES}::int) as k
    where r.id > ${next!.id}::int`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('requests', 'id'), (select max(id) from requests))`,
  );
  await db.execute(sql`
    insert into request_counters (company_id, year, last_number)
    select company_id, year, max(seq) from requests group by company_id, year
    on conflict (company_id, year) do update set last_number = excluded.last_number`);
  return (await unused()).slice(0, count);
}
