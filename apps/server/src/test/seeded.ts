import type { Db } from '../db/client.ts';
import { serverModules } from '../modules/registry.ts';
import type { TestContext } from './harness.ts';

/**
 * Seeds the demo data of the modules up to `last` (included) into the test's database, in one
 * transaction and in registry order, as the server does on an empty database (the platform's data
 * comes with the harness). `now` is the demo data's clock.
 */
export async function seedDemoUpTo(t: TestContext, now: Date, last: string): Promise<void> {
  const upTo = serverModules.findIndex((m) => m.name === last);
  if (upTo < 0) throw new Error(`No module ${last}`);
  await t.database.db.transaction(async (tx) => {
    const ctx = { db: tx as unknown as Db, config: t.config, now };
    for (const m of serverModules.slice(0, upTo + 1)) await m.seed?.(ctx);
  });
}
