/**
 * Fills a database for the banking bench, after the accounting bench's documents
 * (`bench/accounting/generate.ts`): bank accounts for each company and currency (Income and
 * Outcome), then `transactions` bank lines over the same two years, written in SQL with
 * generate_series (set-based). The settlements the accounting generator left on invoices and bills
 * are explained by bank lines and allocations (a receipt per paid or part-paid invoice, a third of
 * the paid ones in two instalments, some overpaid; a payment per paid bill), so every invariant
 * holds: a line's allocated amount is its allocations' sum, a document's settled amount its
 * allocations' (credited invoices settled by their credit note). The rest are unmatched: receipts
 * naming open invoices, payments of open bills, deposits naming a request, unknown receipts,
 * card spends and direct debits, supplier prepayments, and transfer and conversion pairs. About 60%
 * of the lines are allocated.
 *
 * `reference_words` and `search_vector` are derived in SQL the way `transactionSearchColumns`
 * derives them in code, for the few reference shapes written here (the document number printed,
 * without separators, after 'REF'; request numbers; numbered tokens), names in references being the
 * counterparty's words folded in code; `bankingMismatches` checks a sample against the code.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { transactionSearchColumns } from '../../apps/server/src/modules/banking/transaction-search.ts';
import { counterpartyWords } from '../accounting/generate.ts';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

export interface BankingSize {
  transactions: number;
  allocations: number;
  matched: number;
  invoices: number;
}

export async function bankingSize(db: Db): Promise<BankingSize> {
  const [r] = await rowsOf<BankingSize>(
    db.execute(sql`select (select count(*)::int from bank_transactions) as transactions,
      (select count(*)::int from allocations) as allocations,
      (select count(*)::int from bank_transactions where match_status = 'matched') as matched,
      (select count(*)::int from client_invoices) as invoices`),
  );
  return r!;
}

const DAYS = 730;
const COMPANIES = sql`(select array_agg(id order by id) from companies where code in ('BSLF', 'TPRO', 'AIRS'))`;
const CURRENCIES = sql`array['GBP', 'EUR', 'USD', 'AED']`;

/** The name words of a counterparty as a bank prints them: upper case, no word with a digit (no token). */
const nameText = (words: SQL) =>
  sql`array_to_string(array(select upper(w) from unnest(${words}) w where w !~ '[0-9]'), ' ')`;
const nameWords = (words: SQL) => sql`array(select w from unnest(${words}) w where w !~ '[0-9]')`;
/** What `words()` makes of an ASCII text: lower case, split on anything but letters and digits. */
const asciiWords = (text: SQL) => sql`regexp_split_to_array(lower(${text}), '[^a-z0-9]+')`;

/**
 * A client invoice's number in a bank text, three ways (by `id % 10`): printed then the payer's
 * name, after 'FPS CREDIT <name> REF', or without separators. Answers the reference, its words as
 * `referenceWords` finds them (the number; a 5-digit sequence also reads as a request number
 * `INV-2026-14486`; the run-together form as a token of its own), and the other words of the text.
 */
function invoiceReference(i: string, names: SQL) {
  const n = sql.raw(`${i}.number`);
  const seq = sql.raw(`${i}.seq`);
  const year = sql.raw(`${i}.year`);
  const t = sql.raw(`${i}.id % 10`);
  const fiveDigits = sql`${seq} between 10000 and 99999`;
  const joined = sql`replace(${n}, '-', '')`;
  return {
    reference: sql`case when ${t} < 7 then concat_ws(' ', ${n}, nullif(${nameText(names)}, ''))
      when ${t} < 9 then concat_ws(' ', 'FPS CREDIT', nullif(${nameText(names)}, ''), 'REF', ${n})
      else concat_ws(' ', ${joined}, nullif(${nameText(names)}, '')) end`,
    words: sql`array[${n}::text]
      || case when ${fiveDigits} then array[case when ${t} = 9 then split_part(${n}, '-', 1) else '' end
           || 'INV-' || ${year} || '-' || ${seq}] else '{}'::text[] end
      || case when ${t} = 9 then array[${joined}] else '{}'::text[] end`,
    text: sql`case when ${t} < 7 then ${asciiWords(n)}
      when ${t} < 9 then array['fps', 'credit', 'ref'] || ${asciiWords(n)}
      else array[lower(${joined})] end || ${nameWords(names)}`,
  };
}

/** A bill's number (the supplier's own: `INV-12`, `12/2026`, `SUP0000012`) then the supplier's name. */
function billReference(b: string, names: SQL) {
  const n = sql.raw(`${b}.number`);
  return {
    reference: sql`concat_ws(' ', ${n}, nullif(${nameText(names)}, ''))`,
    words: sql`array[upper(${n})::text]`,
    text: sql`${asciiWords(n)} || ${nameWords(names)}`,
  };
}

const STAGING = sql`
  create table bench_lines (sk bigint not null, bank_id integer not null, currency varchar(3) not null,
    type varchar(20) not null, way varchar(12) not null, date date not null, amount numeric(18, 2) not null,
    counterparty_kind varchar(8), counterparty_id integer, reference varchar(500), ref_words text[] not null,
    text_words text[] not null, allocated numeric(18, 2) not null default 0, invoice_id integer, bill_id integer,
    rate numeric(18, 6), leg smallint)`;
const STAGING_COLUMNS = sql`(sk, bank_id, currency, type, way, date, amount, counterparty_kind, counterparty_id,
  reference, ref_words, text_words, allocated, invoice_id, bill_id, rate, leg)`;

/** Staging keys: a range per kind of line (a transfer's two legs are consecutive). */
const SK = {
  invoices: 0,
  bills: 100_000_000,
  openInvoices: 200_000_000,
  openBills: 300_000_000,
  transfers: 400_000_000,
  other: 600_000_000,
};

/** Receipts explaining each paid or part-paid invoice (not those settled by a credit note). */
async function invoiceReceipts(db: Db, today: string, from: number, to: number) {
  const ref = invoiceReference('i', sql`p.words`);
  await db.execute(sql`
    insert into bench_lines ${STAGING_COLUMNS}
    select ${SK.invoices}::bigint + i.id::bigint * 4 + part, b.id, i.currency,
      case when over then 'RECEIVE-OVERPAYMENT' else 'RECEIVE' end, 'pay',
      least(${today}::date, i.issue_date + case when part = 1 then 1 else 3 + i.id % 40 end),
      alloc + case when over then 25 + i.id % 300 else 0 end, 'client', i.client_id,
      ${ref.reference}, ${ref.words}, ${ref.text}, alloc, i.id, null::int, null::numeric, null::smallint
    from client_invoices i
      join bench_banks b on b.company_id = i.company_id and b.currency = i.currency and b.type = 'Income'
      join bench_counterparties p on p.kind = 'client' and p.id = i.client_id
      cross join lateral (
        select part,
          case when split and part = 1 then round(i.total * 0.3, 2)
            when split then i.total - round(i.total * 0.3, 2) else i.settled_amount end as alloc,
          part = 0 and i.id % 17 = 5 as over
        from (select i.settled_amount = i.total and i.id % 3 = 0 as split) s,
          generate_series(0, case when s.split then 1 else 0 end) as part
      ) x
    where i.id between ${from} and ${to} and i.kind = 'invoice' and (i.id + 1) % 50 <> 0 and i.settled_amount > 0`);
}

/** A payment per paid bill, from the company's Outcome account in the bill's currency. */
async function billPayments(db: Db, today: string, from: number, to: number) {
  const ref = billReference('s', sql`p.words`);
  await db.execute(sql`
    insert into bench_lines ${STAGING_COLUMNS}
    select ${SK.bills}::bigint + s.id::bigint * 4, b.id, s.currency, 'SPEND', 'pay',
      least(${today}::date, s.issue_date + 5 + s.id % 25), s.settled_amount, 'supplier', s.supplier_id,
      ${ref.reference}, ${ref.words}, ${ref.text}, s.settled_amount, null::int, s.id, null::numeric, null::smallint
    from supplier_invoices s
      join bench_banks b on b.company_id = s.company_id and b.currency = s.currency and b.type = 'Outcome'
      join bench_counterparties p on p.kind = 'supplier' and p.id = s.supplier_id
    where s.id between ${from} and ${to} and s.settled_amount > 0`);
}

/**
 * Lines waiting to be matched: a receipt for every other open invoice (its open amount, a third
 * less a 12.50 bank fee; a third with no payer, found by the number only), and a payment for every
 * third unpaid bill.
 */
async function openDocumentLines(db: Db, today: string) {
  const ref = invoiceReference('i', sql`p.words`);
  await db.execute(sql`
    insert into bench_lines ${STAGING_COLUMNS}
    select ${SK.openInvoices}::bigint + i.id, b.id, i.currency, 'RECEIVE', 'pay',
      least(${today}::date, i.issue_date + 5 + i.id % 60),
      i.open_amount - case when i.id % 3 = 0 and i.open_amount > 100 then 12.50 else 0 end,
      case when i.id % 3 <> 1 then 'client' end, case when i.id % 3 <> 1 then i.client_id end,
      ${ref.reference}, ${ref.words}, ${ref.text}, 0, null::int, null::int, null::numeric, null::smallint
    from client_invoices i
      join bench_banks b on b.company_id = i.company_id and b.currency = i.currency and b.type = 'Income'
      join bench_counterparties p on p.kind = 'client' and p.id = i.client_id
    where i.kind = 'invoice' and (i.id + 1) % 50 <> 0 and i.settled_amount < i.total and i.id % 2 = 0`);
  const bill = billReference('s', sql`p.words`);
  await db.execute(sql`
    insert into bench_lines ${STAGING_COLUMNS}
    select ${SK.openBills}::bigint + s.id, b.id, s.currency, 'SPEND', 'pay',
      least(${today}::date, s.issue_date + 3 + s.id % 20), s.amount, 'supplier', s.supplier_id,
      ${bill.reference}, ${bill.words}, ${bill.text}, 0, null::int, null::int, null::numeric, null::smallint
    from supplier_invoices s
      join bench_banks b on b.company_id = s.company_id and b.currency = s.currency and b.type = 'Outcome'
      join bench_counterparties p on p.kind = 'supplier' and p.id = s.supplier_id
    where s.settled_amount = 0 and s.id % 3 = 0`);
}

/**
 * `pairs` transfers from a company's Income account to its Outcome account: in the same currency,
 * or (every 5th) a conversion to the next currency at a fixed rate, both legs carrying it. Each leg
 * is fully allocated to itself, with no allocation (as `transfers.service.ts` writes them): never
 * unmatched.
 */
async function transferPairs(db: Db, today: string, pairs: number) {
  await db.execute(sql`
    with k as (
      select k, ${COMPANIES} as cos, ${CURRENCIES} as curs,
        array[1.170000, 1.080000, 3.672500, 0.214600]::numeric[] as rates
      from generate_series(1, ${pairs}::int) as k
    ), pair as (
      select k, cos[1 + k % 3] as company_id, curs[1 + (k / 3) % 4] as cur_out,
        case when k % 5 = 0 then curs[1 + (k / 3 + 1) % 4] else curs[1 + (k / 3) % 4] end as cur_in,
        case when k % 5 = 0 then rates[1 + (k / 3) % 4] end as rate,
        (2000 + (k::bigint * 7919) % 48000)::numeric(18, 2) as amount,
        ${today}::date - ((k::bigint * 104729) % ${DAYS}::int)::int as date
      from k
    )
    insert into bench_lines ${STAGING_COLUMNS}
    select ${SK.transfers}::bigint + k::bigint * 2 + leg - 1, b.id, b.currency,
      case when leg = 1 then 'SPEND-TRANSFER' else 'RECEIVE-TRANSFER' end,
      case when rate is null then 'transfer' else 'conversion' end, date,
      case when leg = 1 or rate is null then amount else round(amount * rate, 2) end, null, null,
      case when leg = 1 then 'TFR TO OPERATING ACCOUNT' else 'TFR FROM INCOME ACCOUNT' end, '{}'::text[],
      case when leg = 1 then array['tfr', 'to', 'operating', 'account'] else array['tfr', 'from', 'income', 'account'] end,
      case when leg = 1 or rate is null then amount else round(amount * rate, 2) end, null::int, null::int, rate,
      leg::smallint
    from pair cross join generate_series(1, 2) as leg
      join bench_banks b on b.company_id = pair.company_id
        and b.currency = case when leg = 1 then cur_out else cur_in end
        and b.type = case when leg = 1 then 'Income' else 'Outcome' end`);
}

const MERCHANTS = sql`array['HEATHROW EXPRESS', 'UBER TRIP', 'AMAZON MARKETPLACE', 'PRET A MANGER', 'EMIRATES',
  'BRITISH AIRWAYS', 'TFL TRAVEL', 'HARRODS', 'DUBAI MALL VALET', 'NOBU LONDON']`;

/**
 * The everyday rest, `count` lines by `n % 10`: unknown receipts (a payer's name not in the
 * directory's link, or a BGC number), card spends, direct debits with a reference number, client
 * deposits naming a request (RECEIVE-PREPAYMENT) and supplier prepayments.
 */
async function otherLines(db: Db, today: string, from: number, to: number) {
  await db.execute(sql`
    with g as (
      select n, ${COMPANIES} as cos, ${CURRENCIES} as curs,
        (select array_agg(id order by id) from bench_counterparties where kind = 'client') as cls,
        (select array_agg(id order by id) from bench_counterparties where kind = 'supplier') as sups,
        (select max(id) from requests) as reqs, ${MERCHANTS} as merchants
      from generate_series(${from}::int, ${to}::int) as n
    ), line as (
      select n, n % 10 as t, ${today}::date - ((n::bigint * 7919) % ${DAYS}::int)::int as date,
        case when n % 10 in (0, 1, 2, 3, 8) then 'Income' else 'Outcome' end as bank_type,
        cos[1 + n % 3] as company_id, curs[1 + (n / 3) % 4] as currency,
        cls[1 + (n::bigint * 31) % array_length(cls, 1)] as client_id,
        sups[1 + (n::bigint * 17) % array_length(sups, 1)] as supplier_id,
        1 + (n::bigint * 7907) % reqs as request_id, merchants[1 + n % 10] as merchant,
        '9' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0') as code
      from g
    ), shaped as (
      select l.*, r.number as request_number, r.client_id as request_client, pc.words as client_words,
        case
          when t in (0, 1) then (200 + (n::bigint * 37) % 9800 + (n % 100) / 100.0)
          when t in (2, 3) then (150 + (n::bigint * 53) % 4000 + (n % 100) / 100.0)
          when t in (4, 5, 6) then (5 + (n::bigint * 13) % 400 + (n % 100) / 100.0)
          when t = 7 then (300 + (n::bigint * 7) % 20000 + (n % 100) / 100.0)
          when t = 8 then (1000 + (n::bigint * 41) % 15000)
          else (500 + (n::bigint * 43) % 12000) end::numeric(18, 2) as amount
      from line l
        join requests r on r.id = l.request_id
        join bench_counterparties pc on pc.kind = 'client' and pc.id = l.client_id
    )
    insert into bench_lines ${STAGING_COLUMNS}
    select ${SK.other}::bigint + n, b.id, b.currency,
      case when t in (0, 1, 2, 3) then 'RECEIVE' when t = 8 then 'RECEIVE-PREPAYMENT'
        when t = 9 then 'SPEND-PREPAYMENT' else 'SPEND' end, 'pay', date, amount,
      case when t = 8 then 'client' when t = 9 then 'supplier' end,
      case when t = 8 then request_client when t = 9 then supplier_id end,
      case when t in (0, 1) then concat_ws(' ', 'FPS CREDIT', nullif(${nameText(sql`client_words`)}, ''))
        when t in (2, 3) then 'BGC ' || code
        when t in (4, 5, 6) then 'CARD PAYMENT ' || merchant
        when t = 7 then 'DD HMRC VAT ' || code
        when t = 8 then 'DEPOSIT ' || request_number
        else 'PREPAYMENT BOOKING ' || code end,
      case when t in (2, 3, 7, 9) then array[code] when t = 8 then array[request_number::text] else '{}'::text[] end,
      case when t in (0, 1) then array['fps', 'credit'] || ${nameWords(sql`client_words`)}
        when t in (2, 3) then array['bgc', code]
        when t in (4, 5, 6) then array['card', 'payment'] || ${asciiWords(sql`merchant`)}
        when t = 7 then array['dd', 'hmrc', 'vat', code]
        when t = 8 then array['deposit'] || ${asciiWords(sql`request_number`)}
        else array['prepayment', 'booking', code] end,
      0, null::int, null::int, null::numeric, null::smallint
    from shaped join bench_banks b on b.company_id = shaped.company_id and b.currency = shaped.currency
      and b.type = shaped.bank_type`);
}

/** The secondary indexes of the two tables, dropped while loading and built again after (faster). */
async function secondaryIndexes(db: Db) {
  return rowsOf<{ name: string; def: string }>(
    db.execute(sql`select indexname as name, indexdef as def from pg_indexes
      where tablename in ('bank_transactions', 'allocations') and indexdef not like 'CREATE UNIQUE%'`),
  );
}

/**
 * Adds the bank accounts, about `transactions` bank lines and their allocations when the database
 * has none; the accounting bench's documents must be there.
 */
export async function generateBanking(
  db: Db,
  options: { transactions: number; today: string; log: (line: string) => void },
): Promise<void> {
  const { transactions, today, log } = options;
  let t = Date.now();
  const step = (what: string) => {
    log(`  ${what} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
  };
  await db.execute(sql`
    insert into banks (company_id, bank_name, account_name, account_number, swift, currency, type)
    select c.id, case when kind = 'Income' then 'Coutts & Co' else 'Barclays' end, c.name || ' ' || kind || ' ' || cur,
      'BENCH' || c.code || cur || upper(kind), case when kind = 'Income' then 'COUTGB22' else 'BARCGB22' end, cur, kind
    from companies c cross join unnest(${CURRENCIES}) as cur cross join unnest(array['Income', 'Outcome']) as kind
    where c.code in ('BSLF', 'TPRO', 'AIRS')
    on conflict (account_number) do nothing`);
  await db.execute(sql`drop table if exists bench_banks`);
  await db.execute(sql`create table bench_banks as
    select company_id, currency, type, min(id) as id from banks where archived_at is null group by 1, 2, 3`);
  await counterpartyWords(db);
  await db.execute(sql`drop table if exists bench_lines`);
  await db.execute(STAGING);
  step('bank accounts and counterparty words');

  const [max] = await rowsOf<{ invoices: number; bills: number }>(
    db.execute(sql`select (select coalesce(max(id), 0) from client_invoices) as invoices,
      (select coalesce(max(id), 0) from supplier_invoices) as bills`),
  );
  for (let from = 1; from <= max!.invoices; from += 100_000)
    await invoiceReceipts(db, today, from, from + 99_999);
  for (let from = 1; from <= max!.bills; from += 100_000) await billPayments(db, today, from, from + 99_999);
  step('receipts of paid invoices and payments of paid bills');
  await openDocumentLines(db, today);
  const [staged] = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from bench_lines`));
  const pairs = Math.min(
    Math.round(transactions * 0.02),
    Math.max(0, Math.floor((transactions - staged!.n) / 2)),
  );
  await transferPairs(db, today, pairs);
  const others = Math.max(0, transactions - staged!.n - pairs * 2);
  for (let from = 1; from <= others; from += 100_000)
    await otherLines(db, today, from, Math.min(others, from + 99_999));
  step(`open documents' lines, ${pairs} transfers and ${others} other lines staged`);

  // Ids in date order, as lines arrive; a transfer's legs are consecutive (out, then in).
  const [base] = await rowsOf<{ id: number }>(
    db.execute(sql`select coalesce(max(id), 0)::int as id from bank_transactions`),
  );
  await db.execute(sql`drop table if exists bench_lines_n`);
  await db.execute(sql`create table bench_lines_n as
    select l.*, (row_number() over (order by l.date, l.sk))::int + ${base!.id}::int as id from bench_lines l`);
  await db.execute(sql`drop table bench_lines`);
  await db.execute(sql`create index on bench_lines_n (date)`);
  step('ids in date order');

  const indexes = await secondaryIndexes(db);
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  for (let from = -DAYS - 1; from <= 0; from += 60) {
    await db.execute(sql`
      insert into bank_transactions (id, bank_id, currency, type, way, date, amount, counterparty_kind, counterparty_id,
        reference, reference_words, pair_id, rate, allocated_amount, search_vector, created_at, updated_at)
      select l.id, l.bank_id, l.currency, l.type, l.way, l.date, l.amount, l.counterparty_kind, l.counterparty_id,
        l.reference, l.ref_words, case l.leg when 1 then l.id + 1 when 2 then l.id - 1 end, l.rate, l.allocated,
        array_to_tsvector(array(select distinct w from unnest(l.text_words || coalesce(p.words, '{}'::text[])
          || array[l.amount::text, regexp_replace(l.amount::text, '[.]0+$', '')]
          || array(select lower(x) from unnest(l.ref_words) as x)) as w where w <> '')),
        l.date + interval '10 hours', l.date + interval '10 hours'
      from bench_lines_n l
        left join bench_counterparties p on p.kind = l.counterparty_kind and p.id = l.counterparty_id
      where l.date >= ${today}::date + ${from}::int and l.date < ${today}::date + ${from + 60}::int
      order by l.id`);
    log(`  transactions up to ${Math.min(from + 60, 0)} days from today`);
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('bank_transactions', 'id'), (select max(id) from bank_transactions))`,
  );
  step('bank transactions');
  // Same currency on both sides, at the documents' stamped rate (1 in the accounting bench): no FX difference.
  await db.execute(sql`
    insert into allocations (transaction_id, invoice_id, bill_id, amount, document_amount, rate, base_amount,
      document_base_amount, fx_difference, date, created_at)
    select id, invoice_id, bill_id, allocated, allocated, 1, allocated, allocated, 0, date, date + interval '10 hours'
    from bench_lines_n where invoice_id is not null or bill_id is not null order by id`);
  step('allocations');
  for (const index of indexes) await db.execute(sql.raw(index.def));
  step(`${indexes.length} indexes built`);
  await db.execute(sql`drop table bench_lines_n`);
  await db.execute(sql`drop table bench_counterparties`);
  await db.execute(sql`drop table bench_banks`);
}

/**
 * The generator's promises, checked: allocated amounts equal the allocations summed, on lines
 * (transfer legs: their amount) and on documents (credited invoices aside), and for a sample of lines the derived columns equal what
 * `transactionSearchColumns` computes from the reference, the counterparty's name and the amount.
 */
export async function bankingMismatches(db: Db, sample = 400): Promise<string[]> {
  const differing: string[] = [];
  const [sums] = await rowsOf<{ lines: number; invoices: number; bills: number }>(
    db.execute(sql`select
      (select count(*)::int from bank_transactions t
        left join (select transaction_id, sum(amount) as s from allocations group by 1) a on a.transaction_id = t.id
        where t.allocated_amount <> case when t.pair_id is null then coalesce(a.s, 0) else t.amount end) as lines,
      (select count(*)::int from client_invoices i
        left join (select invoice_id, sum(document_amount) as s from allocations where invoice_id is not null group by 1) a
          on a.invoice_id = i.id
        where i.kind = 'invoice' and (i.id + 1) % 50 <> 0 and i.settled_amount <> coalesce(a.s, 0)) as invoices,
      (select count(*)::int from supplier_invoices b
        left join (select bill_id, sum(document_amount) as s from allocations where bill_id is not null group by 1) a
          on a.bill_id = b.id
        where b.settled_amount <> coalesce(a.s, 0)) as bills`),
  );
  if (sums!.lines)
    differing.push(`${sums!.lines} lines whose allocated amount is not their allocations' sum`);
  if (sums!.invoices)
    differing.push(`${sums!.invoices} invoices settled otherwise than by their allocations`);
  if (sums!.bills) differing.push(`${sums!.bills} bills settled otherwise than by their allocations`);

  const lines = await rowsOf<{
    id: number;
    reference: string | null;
    amount: string;
    name: string | null;
    words: string[];
    lexemes: string[];
  }>(
    db.execute(sql`select t.id, t.reference, t.amount, coalesce(c.first_name || ' ' || c.last_name, s.name) as name,
        t.reference_words as words, array(select lexeme from unnest(t.search_vector)) as lexemes
      from bank_transactions t
        left join clients c on t.counterparty_kind = 'client' and c.id = t.counterparty_id
        left join suppliers s on t.counterparty_kind = 'supplier' and s.id = t.counterparty_id
      where t.id % greatest(1, (select count(*) from bank_transactions) / ${sample}::int) = 0
      order by t.id limit ${sample}::int`),
  );
  const same = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  for (const line of lines) {
    const want = transactionSearchColumns({
      reference: line.reference,
      counterpartyName: line.name,
      amount: line.amount,
    });
    const lexemes = [...want.search_vector.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
    if (!same(want.reference_words, line.words) || !same(lexemes, line.lexemes))
      differing.push(
        `line ${line.id} '${line.reference}' (${line.name})\n  generated ${JSON.stringify(line.words)} ${JSON.stringify(line.lexemes.sort())}\n  written   ${JSON.stringify(want.reference_words)} ${JSON.stringify(lexemes.sort())}`,
      );
  }
  return differing;
}
