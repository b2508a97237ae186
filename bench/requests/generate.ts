/**
 * Fills a database with a large book of business for the requests bench: `requests` requests of
 * three lines each (every service type, statuses, both offices, all three companies) over two
 * years, written in SQL with generate_series so 200,000 requests take seconds, not hours. The
 * summary columns and search words are derived from the generated lines by the same rules as the
 * service (status from the lines, distinct types and suppliers, words of number, client, suppliers,
 * hotels and descriptions), so the lists query exactly what the API would store.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

const HOTELS = [
  'The Savoy',
  'Claridge’s',
  'Burj Al Arab',
  'Four Seasons George V',
  'Hotel de Crillon',
  'Le Bristol',
  'Atlantis The Royal',
  'The Connaught',
  'Badrutt’s Palace',
  'Hotel du Cap-Eden-Roc',
  'One&Only Reethi Rah',
  'Aman Venice',
  'The Ritz London',
  'Jumeirah Al Qasr',
  'Mandarin Oriental Hyde Park',
  'Cheval Blanc Courchevel',
];

export async function requestsSize(db: Db): Promise<number> {
  const r = (await db.execute(sql`select count(*)::int as n from requests`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return r.rows[0]?.n ?? 0;
}

/** Adds `count` requests (3 lines each) after any already there. */
export async function generateRequests(db: Db, count: number, log: (line: string) => void): Promise<void> {
  const hotels = sql.raw(`array[${HOTELS.map((h) => `'${h.replace(/'/g, "''")}'`).join(',')}]`);
  const start = await requestsSize(db);
  const batch = 50_000;
  for (let from = start + 1; from <= start + count; from += batch) {
    const to = Math.min(start + count, from + batch - 1);
    await db.execute(sql`
      with ids as (
        select n,
          (select array_agg(id order by id) from companies) as cos,
          (select array_agg(code order by id) from companies) as codes,
          (select array_agg(base_currency order by id) from companies) as bases,
          (select array_agg(id order by id) from clients where archived_at is null) as cls,
          (select array_agg(id order by id) from users where role in ('FO', 'Admin')) as fos,
          (select array_agg(id order by id) from users where role in ('BO', 'Admin')) as bos,
          (select array_agg(id order by id) from regions) as regs
        from generate_series(${from}::int, ${to}::int) as n
      )
      insert into requests (number, kind, company_id, year, seq, client_id, fo_manager_id, bo_manager_id,
        region_id, description, base_currency, search_vector, created_at, updated_at)
      select codes[1 + n % 3] || '-' || (2025 + n % 2) || '-' || lpad((n / 3 + 1)::text, 5, '0'),
        case when n % 25 = 0 then 'accounting' else 'service' end,
        cos[1 + n % 3], 2025 + n % 2, n / 3 + 1,
        cls[1 + (n * 7919) % array_length(cls, 1)],
        fos[1 + n % array_length(fos, 1)], bos[1 + n % array_length(bos, 1)],
        regs[1 + n % array_length(regs, 1)],
        case when n % 4 = 0 then 'Anniversary trip, quiet rooms, late check-out' else null end,
        bases[1 + n % 3], ''::tsvector,
        timestamptz '2025-01-01' + (n % 700) * interval '1 day' + (n % 86400) * interval '1 second',
        timestamptz '2025-01-01' + (n % 700) * interval '1 day'
      from ids
    `);
    await db.execute(sql`
      with req as (
        select id, created_at::date as day,
          (select array_agg(id order by id) from suppliers where archived_at is null) as sups
        from requests where id between ${from} and ${to}
      ), l as (
        select req.id as request_id, k, req.day, req.sups,
          case when (req.id % 25) = 0 then 'Accounting'
               else (array['Hotel','Transportation','Air tickets','Private jet','Other'])[1 + (req.id + k) % 5] end as t
        from req cross join generate_series(1, 3) as k
      )
      insert into request_lines (request_id, position, service_type, service_subtype, supplier_id, date_from, date_to,
        hour_from, minute_from, pax, account_type, cost, cost_currency, sell, sell_currency, payment_method, status,
        hotel_name, room_type, meal, cancellation_policy, flight_class, route, created_at, updated_at)
      select request_id, k, t, case when t = 'Other' then 'Yacht Charter' end,
        case when t = 'Accounting' then null else sups[1 + (request_id * 31 + k * 17) % array_length(sups, 1)] end,
        day + 10 + k, day + 14 + k, '14', '30', 1 + request_id % 4,
        (array['Toms EU','Toms non EU','Disbursement'])[1 + (request_id + k) % 3],
        (1000 + (request_id * 37 + k * 101) % 9000)::numeric(18, 2),
        (array['GBP','EUR','USD','AED'])[1 + (request_id + k) % 4],
        (1100 + (request_id * 41 + k * 97) % 9500)::numeric(18, 2),
        (array['GBP','EUR','USD','AED'])[1 + request_id % 4],
        (array['Deposit','Stripe','Wire','Cash'])[1 + k % 4],
        case when k = 3 and request_id % 5 = 0 then null
          else (array[null,'Confirmed','Invoiced','Accounted','Canceled',null,'Confirmed'])[1 + (request_id / 3) % 7] end,
        case when t = 'Hotel' then (${hotels})[1 + (request_id + k) % ${HOTELS.length}] end,
        case when t = 'Hotel' then 'Deluxe' end, case when t = 'Hotel' then 'Bed and breakfast' end,
        case when t = 'Hotel' then 'Flexible' end,
        case when t = 'Air tickets' then 'Business' end, case when t = 'Air tickets' then 'LHR-DXB' end,
        day, day
      from l
    `);
    await summarise(db, from, to);
    log(`  requests ${to - start} of ${count}`);
  }
  await db.execute(sql`
    insert into request_counters (company_id, year, last_number)
    select company_id, year, max(seq) from requests group by company_id, year
    on conflict (company_id, year) do update set last_number = excluded.last_number
  `);
}

/** The summary columns of requests `from`..`to`, derived from their lines (decision 0009). */
async function summarise(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    with s as (
      select l.request_id,
        min(l.date_from) as date_from, max(l.date_to) as date_to,
        array_agg(distinct l.service_type) as types,
        coalesce(string_agg(distinct sp.name, ', '), '') as supplier_names,
        sum(l.sell) filter (where l.status is distinct from 'Canceled') as sell_total,
        sum(l.sell - l.cost) filter (where l.status is distinct from 'Canceled') as margin,
        count(*)::int as lines_count,
        bool_and(l.status = 'Canceled') as all_canceled,
        bool_and(l.status is null) filter (where l.status is distinct from 'Canceled') as none_confirmed,
        bool_or(l.status is null) filter (where l.status is distinct from 'Canceled') as some_open,
        bool_or(l.status = 'Confirmed') as any_confirmed,
        coalesce(bool_or(l.status = 'Invoiced'), false) as any_invoiced,
        string_agg(coalesce(l.hotel_name, '') || ' ' || coalesce(l.route, '') || ' ' || coalesce(sp.name, ''), ' ') as words
      from request_lines l left join suppliers sp on sp.id = l.supplier_id
      where l.request_id between ${from} and ${to}
      group by l.request_id
    )
    update requests r set
      date_from = s.date_from, date_to = s.date_to, service_types = s.types, supplier_names = s.supplier_names,
      sell_total = coalesce(s.sell_total, 0), margin = coalesce(s.margin, 0), lines_count = s.lines_count,
      has_invoice = s.any_invoiced,
      status = case when coalesce(s.all_canceled, false) then 'Canceled' when coalesce(s.none_confirmed, false) then 'New'
        when coalesce(s.some_open, false) then 'In progress' when coalesce(s.any_confirmed, false) then 'Confirmed'
        when s.any_invoiced then 'Invoiced' else 'Accounted' end,
      search_vector = array_to_tsvector(array(select distinct w from unnest(regexp_split_to_array(
        lower(r.number || ' ' || c.first_name || ' ' || c.last_name || ' ' || s.words || ' ' || coalesce(r.description, '')),
        '[^[:alnum:]]+')) as w where w <> ''))
    from s, clients c
    where r.id = s.request_id and c.id = r.client_id
  `);
}
