/**
 * Fills a database for the tasks bench: `users` staff (FO and BO in turn) and `count` tasks
 * between them, written in SQL with generate_series (100,000 tasks in seconds). Every user holds
 * and sets about the same number; statuses as a working team has them (a third Completed, some in
 * Control), one in five Urgent, deadlines from two months ago to two months ahead (one in ten
 * none), titles and descriptions from a small vocabulary. `search_vector` is what the service
 * stores (`taskSearchVector`: the folded words of title and description, split on anything but
 * letters and digits; the words here are plain ASCII, so `lower` and a split do the same).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

const VERBS = ['Call', 'Confirm', 'Chase', 'Send', 'Check', 'Book', 'Update', 'Prepare', 'Ask', 'Collect'];
const OBJECTS = [
  'the hotel about the late check-out',
  'the supplier invoice',
  'the passport copies',
  'the transfer times',
  'the restaurant booking',
  'the visa application',
  'the yacht charter terms',
  'the prepayment receipt',
  'the chauffeur for Saturday',
  'the lounge access',
  'the guide for the old town',
  'the flowers for the suite',
];
const DETAILS = [
  'The client lands at noon; the car waits at the VIP terminal.',
  'Scans in colour, both pages, for all travellers.',
  'The broker promised it last week.',
  'Ask for the written cancellation terms.',
  'Table for two on the terrace.',
  'Attach the receipt to the request.',
  '',
];

const list = (words: string[]) =>
  sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`);

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const r = (await db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return Number(r.rows[0]?.n ?? 0);
}

export const tasksSize = (db: Db) => count(db, sql`select count(*)::int as n from tasks`);
export const benchUsersSize = (db: Db) =>
  count(db, sql`select count(*)::int as n from users where email like 'bench-user-%'`);

/** The bench's staff: `n` users, FO and BO in turn, all active. */
export async function generateUsers(db: Db, n: number): Promise<void> {
  await db.execute(sql`
    insert into users (name, email, password_hash, role, type)
    select 'Bench User ' || i, 'bench-user-' || i || '@example.com', 'x',
      case when i % 2 = 0 then 'FO' else 'BO' end, 'user'
    from generate_series(1, ${n}::int) as i
    on conflict do nothing`);
}

/** Adds `total` tasks between the bench users, in batches. */
export async function generateTasks(db: Db, total: number, log: (line: string) => void): Promise<void> {
  const batch = 50_000;
  for (let from = 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await db.execute(sql`
      with staff as (
        select array_agg(id order by id) as ids from users where email like 'bench-user-%'
      ), picks as (
        select n, s.ids,
          ${list(VERBS)} as verbs, ${list(OBJECTS)} as objects, ${list(DETAILS)} as details,
          -- a spread the planner cannot guess from n: a cheap hash of it
          (n * 2654435761::bigint) % 1000003 as h
        from generate_series(${from}::int, ${to}::int) as n, staff s
      ), rows as (
        select n, ids, h,
          verbs[1 + h % array_length(verbs, 1)] || ' ' || objects[1 + (h / 7) % array_length(objects, 1)]
            || ' #' || n as title,
          details[1 + (h / 11) % array_length(details, 1)] as description,
          case when h % 100 < 33 then 'Completed' when h % 100 < 43 then 'Control'
            when h % 100 < 70 then 'In progress' else 'Not started' end as status,
          ids[1 + n % array_length(ids, 1)] as assignee_id,
          ids[1 + (n / array_length(ids, 1) + h) % array_length(ids, 1)] as author_id,
          case when h % 10 = 0 then null
            else now() - interval '60 days' + ((h % 120) * interval '1 day') + ((h / 13) % 24) * interval '1 hour'
          end as deadline
        from picks
      )
      insert into tasks (title, description, priority, status, assignee_id, author_id, deadline,
        search_vector, created_at, updated_at, completed_at)
      select title, description,
        case when h % 5 = 0 then 'Urgent' else 'Normal' end,
        status, assignee_id, author_id, date_trunc('hour', deadline),
        array_to_tsvector(array_remove(regexp_split_to_array(lower(title || ' ' || description), '[^a-z0-9]+'), '')),
        now() - interval '90 days' + (n % 90) * interval '1 day',
        now() - interval '90 days' + (n % 90) * interval '1 day',
        case when status = 'Completed' then now() - (h % 30) * interval '1 day' end
      from rows`);
    log(`  tasks ${to.toLocaleString('en')} / ${total.toLocaleString('en')}`);
  }
}
