import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

/**
 * A reused database (BENCH_REUSE=1) was migrated when it was made, and the schema's `0000_init.sql`
 * is regenerated in place until the first release: the indexes it gained since are built here, so
 * a rerun measures the current schema's plans.
 */
export async function addMissingIndexes(db: Db, log: (line: string) => void): Promise<void> {
  const init = fs.readFileSync(new URL('../../apps/server/drizzle/0000_init.sql', import.meta.url), 'utf8');
  const result = (await db.execute(sql`select indexname as name from pg_indexes`)) as unknown as {
    rows: { name: string }[];
  };
  const have = new Set(result.rows.map((r) => r.name));
  for (const statement of init.split('--> statement-breakpoint')) {
    const name = /^\s*CREATE (?:UNIQUE )?INDEX "([^"]+)"/.exec(statement)?.[1];
    if (!name || have.has(name)) continue;
    const t0 = Date.now();
    await db.execute(sql.raw(statement.trim().replace(/;$/, '')));
    log(`  index ${name} added to the reused database (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
}
