/**
 * The directory bench's server process (bench/support/bench-server.ts): the real app on its own
 * database, filled by generate.ts.
 */
import { sql } from 'drizzle-orm';
import { startBenchServer } from '../support/bench-server.ts';
import { directorySize, generateDirectory } from './generate.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 20_000);

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

await startBenchServer({
  name: 'directory',
  async fill(db, log) {
    const size = await directorySize(db);
    if (size.clients >= CLIENTS && size.suppliers >= SUPPLIERS) return;
    const t0 = Date.now();
    log(`generating ${CLIENTS} clients and ${SUPPLIERS} suppliers...`);
    await generateDirectory(db, { clients: CLIENTS, suppliers: SUPPLIERS, log });
    log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  },
  analyze: ['clients', 'suppliers', 'supplier_services', 'users', 'audit_log'],
  sample: async (db) => ({
    size: await directorySize(db),
    // Generated clients only: earlier runs' imports (all named "Person") would skew the search terms.
    clients: await rowsOf<{
      first_name: string;
      last_name: string;
      email: string | null;
      phone: string | null;
    }>(
      db.execute(
        sql`select first_name, last_name, email, phone from clients where archived_at is null and (email is null or email not like '%@bench.example') order by id desc limit 300`,
      ),
    ),
    suppliers: (
      await rowsOf<{ name: string }>(
        db.execute(sql`select name from suppliers where archived_at is null order by id desc limit 300`),
      )
    ).map((r) => r.name),
    managers: (
      await rowsOf<{ id: number }>(db.execute(sql`select id from users where role = 'FO' limit 5`))
    ).map((r) => r.id),
    services: (await rowsOf<{ id: number }>(db.execute(sql`select id from services limit 10`))).map(
      (r) => r.id,
    ),
  }),
});
