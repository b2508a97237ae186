/**
 * The requests bench's server process (bench/support/bench-server.ts): a directory of
 * BENCH_CLIENTS clients and BENCH_SUPPLIERS suppliers, then BENCH_REQUESTS requests of three lines.
 * `measure` times the list's repository call in-process: the SQL (and the driver) without HTTP,
 * validation and JSON, to print beside the route's time.
 */

import { RequestListQuerySchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import {
  type RequestFilter,
  requestsRepository,
} from '../../apps/server/src/modules/requests/requests.repository.ts';
import { directorySize, generateDirectory } from '../directory/generate.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { LIST_FILTERS, type RequestsSample } from './filters.ts';
import { generateRequests, requestsSize } from './generate.ts';

const env = process.env;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 20_000);
const SUPPLIERS = Number(env.BENCH_SUPPLIERS ?? 5_000);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200_000);

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

await startBenchServer({
  name: 'requests',
  async fill(db, log) {
    const size = await directorySize(db);
    const t0 = Date.now();
    if (size.clients < CLIENTS || size.suppliers < SUPPLIERS) {
      log(`generating ${CLIENTS} clients and ${SUPPLIERS} suppliers...`);
      await generateDirectory(db, { clients: CLIENTS, suppliers: SUPPLIERS, log });
    }
    const have = await requestsSize(db);
    if (have < REQUESTS) {
      log(`generating ${REQUESTS - have} requests of 3 lines...`);
      await generateRequests(db, REQUESTS - have, log);
    }
    log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  },
  analyze: ['clients', 'suppliers', 'users', 'requests', 'request_lines', 'line_deadlines'],
  sample: async (db): Promise<RequestsSample> => ({
    requests: await requestsSize(db),
    lines:
      (await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from request_lines`)))[0]?.n ?? 0,
    numbers: (
      await rowsOf<{ number: string }>(
        db.execute(sql`select number from requests order by id desc limit 200`),
      )
    ).map((r) => r.number),
    ids: (
      await rowsOf<{ id: number }>(db.execute(sql`select id from requests order by id desc limit 200`))
    ).map((r) => r.id),
    clients: (
      await rowsOf<{ id: number; last_name: string }>(
        db.execute(
          sql`select distinct c.id, c.last_name from requests r join clients c on c.id = r.client_id limit 50`,
        ),
      )
    ).map((r) => ({ id: r.id, last_name: r.last_name })),
    managers: (
      await rowsOf<{ id: number }>(
        db.execute(sql`select id from users where role in ('FO', 'BO') order by id`),
      )
    ).map((r) => r.id),
    suppliers: (
      await rowsOf<{ name: string }>(
        db.execute(
          sql`select s.name from suppliers s join request_lines l on l.supplier_id = s.id group by s.name limit 100`,
        ),
      )
    ).map((r) => r.name),
  }),
  measures: (sample: RequestsSample) =>
    Object.fromEntries(
      LIST_FILTERS.map((f) => [
        f.name,
        async (db: Db, run: number) => {
          // What the service's list runs: the page of ids (with the total), then those rows.
          const q = RequestListQuerySchema.parse({ limit: '20', ...f.query(sample, run) });
          const page = await requestsRepository.page(db, q as RequestFilter, q.limit, q.offset);
          return requestsRepository.byIds(db, page.ids);
        },
      ]),
    ),
});
